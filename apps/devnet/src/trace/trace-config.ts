// TraceConfig → which tracer runs and how (geth's tracers.TraceConfig and logger.Config as Ethermint reads
// them): the native tracers by name, their tracerConfig JSON, the Go duration of the timeout, the state and
// block overrides. JavaScript tracers are refused: the devnet has no JavaScript tracer engine.
import type { TraceConfig } from '@photon/ethermint-wire';
import { type BlockOverride, parseBlockOverride } from '../abci/block-override-json';
import { GoError, GrpcCode, statusError } from '../abci/query-errors';
import { parseStateOverride } from '../abci/state-override-json';
import type { StateOverride } from '../evm';

/** geth's defaultTraceTimeout. */
export const DEFAULT_TRACE_TIMEOUT_MS = 5000;

export const NATIVE_TRACERS = ['callTracer', 'prestateTracer', '4byteTracer', 'noopTracer'] as const;
export type NativeTracer = (typeof NATIVE_TRACERS)[number];

export interface StructLoggerOptions {
  readonly disableStack: boolean;
  readonly disableStorage: boolean;
  readonly enableMemory: boolean;
  readonly enableReturnData: boolean;
  /** Most entries kept; 0 is no limit. */
  readonly limit: number;
}

export interface TracerOptions {
  /** callTracer. */
  readonly onlyTopCall: boolean;
  readonly withLog: boolean;
  /** prestateTracer. */
  readonly diffMode: boolean;
}

export type TracerChoice =
  | { readonly kind: 'struct'; readonly options: StructLoggerOptions }
  | { readonly kind: NativeTracer; readonly options: TracerOptions };

/** TraceConfig.state_overrides and block_overrides, applied to each traced message (not to predecessors). */
export interface TraceOverrides {
  readonly state?: StateOverride;
  readonly block?: BlockOverride;
}

export interface TracePlan {
  readonly tracer: TracerChoice;
  readonly timeoutMs: number;
  readonly overrides: TraceOverrides;
}

const DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** time.ParseDuration, in milliseconds; Go's error text otherwise. */
export function parseGoDuration(text: string): number {
  const invalid = (): GoError => new GoError(`time: invalid duration "${text}"`);
  let rest = text;
  let sign = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0;
  if (rest === '') throw invalid();
  let total = 0;
  const part = /^([0-9]*(?:\.[0-9]*)?)(ns|us|µs|μs|ms|s|m|h)/;
  while (rest !== '') {
    const match = part.exec(rest);
    if (match === null) {
      if (/^[0-9.]+$/.test(rest)) throw new GoError(`time: missing unit in duration "${text}"`);
      throw invalid();
    }
    const [whole, number, unit] = match;
    if (number === undefined || unit === undefined || number === '' || number === '.') throw invalid();
    total += Number(number) * (DURATION_UNITS[unit] ?? 0);
    rest = rest.slice(whole.length);
  }
  return sign * total;
}

function tracerOptions(json: string): TracerOptions {
  let parsed: unknown = {};
  if (json !== '') {
    try {
      parsed = JSON.parse(json);
    } catch (error) {
      throw statusError(GrpcCode.Internal, error instanceof Error ? error.message : String(error));
    }
  }
  const object = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  return {
    onlyTopCall: object.onlyTopCall === true,
    withLog: object.withLog === true,
    diffMode: object.diffMode === true,
  };
}

const isNative = (name: string): name is NativeTracer => (NATIVE_TRACERS as readonly string[]).includes(name);

/** The tracer, timeout and overrides a TraceConfig asks for; refusals are gRPC statuses, as prepareTrace's. */
export function tracePlan(config: TraceConfig | undefined): TracePlan {
  if (config !== undefined && config.limit < 0) {
    throw statusError(GrpcCode.InvalidArgument, `output limit cannot be negative, got ${config.limit}`);
  }
  const timeoutMs = traceTimeoutMs(config);
  return { timeoutMs, tracer: tracerChoice(config), overrides: traceOverrides(config) };
}

function traceTimeoutMs(config: TraceConfig | undefined): number {
  if (config === undefined || config.timeout === '') return DEFAULT_TRACE_TIMEOUT_MS;
  try {
    return parseGoDuration(config.timeout);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw statusError(GrpcCode.InvalidArgument, `timeout value: ${detail}`);
  }
}

function tracerChoice(config: TraceConfig | undefined): TracerChoice {
  const name = config?.tracer ?? '';
  if (name === '') {
    return {
      kind: 'struct',
      options: {
        disableStack: config?.disableStack ?? false,
        disableStorage: config?.disableStorage ?? false,
        enableMemory: config?.enableMemory ?? false,
        enableReturnData: config?.enableReturnData ?? false,
        limit: config?.limit ?? 0,
      },
    };
  }
  if (!isNative(name)) {
    throw statusError(
      GrpcCode.Internal,
      `tracer ${JSON.stringify(name.length > 64 ? `${name.slice(0, 64)}…` : name)} is not supported: ` +
        `JavaScript tracers are not served by this node; use callTracer, prestateTracer, 4byteTracer, ` +
        `noopTracer or the default struct logger`,
    );
  }
  return { kind: name, options: tracerOptions(config?.tracerJsonConfig ?? '') };
}

/** prepareTrace's json.Unmarshal of each override: a failure is an InvalidArgument status with Go's text. */
function traceOverrides(config: TraceConfig | undefined): TraceOverrides {
  try {
    const state = parseStateOverride(config?.stateOverrides ?? new Uint8Array());
    const block = parseBlockOverride(config?.blockOverrides ?? new Uint8Array());
    return { ...(state === undefined ? {} : { state }), ...(block === undefined ? {} : { block }) };
  } catch (error) {
    if (error instanceof GoError) throw statusError(GrpcCode.InvalidArgument, error.message);
    throw error;
  }
}
