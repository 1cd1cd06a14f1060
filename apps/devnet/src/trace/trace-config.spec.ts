import { TraceConfig } from '@photon/ethermint-wire';
import { GoError } from '../abci/query-errors';
import { DEFAULT_TRACE_TIMEOUT_MS, parseGoDuration, tracePlan } from './trace-config';

describe(parseGoDuration.name, () => {
  it('default', () => {
    expect(parseGoDuration('5s')).toBe(5000);
    expect(parseGoDuration('300ms')).toBe(300);
    expect(parseGoDuration('1m30s')).toBe(90_000);
    expect(parseGoDuration('1.5s')).toBe(1500);
    expect(parseGoDuration('0')).toBe(0);
  });

  it("error: Go's texts", () => {
    expect(() => parseGoDuration('soon')).toThrow(new GoError('time: invalid duration "soon"'));
    expect(() => parseGoDuration('10')).toThrow(new GoError('time: missing unit in duration "10"'));
    expect(() => parseGoDuration('')).toThrow(new GoError('time: invalid duration ""'));
  });
});

describe(tracePlan.name, () => {
  it('default: the struct logger with 5 s', () => {
    expect(tracePlan(undefined)).toEqual({
      timeoutMs: DEFAULT_TRACE_TIMEOUT_MS,
      overrides: {},
      tracer: {
        kind: 'struct',
        options: {
          disableStack: false,
          disableStorage: false,
          enableMemory: false,
          enableReturnData: false,
          limit: 0,
        },
      },
    });
  });

  it('args: a native tracer with its tracerConfig and a timeout', () => {
    const config = TraceConfig.fromPartial({
      tracer: 'prestateTracer',
      tracerJsonConfig: '{"diffMode":true}',
      timeout: '250ms',
    });
    expect(tracePlan(config)).toEqual({
      timeoutMs: 250,
      overrides: {},
      tracer: { kind: 'prestateTracer', options: { onlyTopCall: false, withLog: false, diffMode: true } },
    });
  });

  it('error: JavaScript tracers, negative limits, bad timeouts', () => {
    expect(() => tracePlan(TraceConfig.fromPartial({ tracer: 'bigramTracer' }))).toThrow(
      /JavaScript tracers are not served by this node/,
    );
    expect(() => tracePlan(TraceConfig.fromPartial({ limit: -1 }))).toThrow(
      /output limit cannot be negative, got -1/,
    );
    expect(() => tracePlan(TraceConfig.fromPartial({ timeout: '5' }))).toThrow(
      /timeout value: time: missing unit in duration "5"/,
    );
  });

  it('args: state and block overrides, as Ethermint unmarshals them (Go field names, any case)', () => {
    const address: `0x${string}` = `0x${'ab'.repeat(20)}`;
    const plan = tracePlan(
      TraceConfig.fromPartial({
        stateOverrides: Buffer.from(JSON.stringify({ [address]: { balance: '0x10' } })),
        blockOverrides: Buffer.from('{"NUMBER":"0x1337","baseFee":"0x5","baseLimit":"0x4","time":null}'),
      }),
    );
    expect(plan.overrides.state?.get(address)).toEqual({ balance: 16n });
    expect(plan.overrides.block).toEqual({ number: 0x1337n, baseFee: 5n });
    expect(tracePlan(TraceConfig.fromPartial({})).overrides).toEqual({});
    expect(() =>
      tracePlan(TraceConfig.fromPartial({ blockOverrides: Buffer.from('{"coinbase":"0x12"}') })),
    ).toThrow(/hex string has length 2, want 40 for common.Address/);
  });
});
