// What an answer the gateway keeps weighs, for the byte bounds of its edge answers.
import { RawJson } from '@photon/codec';

/** Near enough: its text when it is one (hex data, RawJson), else a small object. */
export function answerBytes(result: unknown): number {
  if (typeof result === 'string') return result.length;
  if (result instanceof RawJson) return result.text.length;
  return 256;
}

/**
 * `result` as JSON text: a service's answer over NATS is one already; an in-process one is an object,
 * written out once here so that every caller given it later has its text with no stringifying.
 */
export function asJsonText(result: unknown): RawJson {
  return result instanceof RawJson ? result : new RawJson(JSON.stringify(result));
}
