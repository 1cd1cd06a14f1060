// Terse constructors for parameter specs, so each table row stays on a few lines.
import type { ParamSpec, WireType } from './method-row';

export const required = (name: string, type: WireType): ParamSpec => ({ name, type, required: true });
export const optional = (name: string, type: WireType): ParamSpec => ({ name, type, required: false });
