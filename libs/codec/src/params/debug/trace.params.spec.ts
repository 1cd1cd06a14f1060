import { InvalidParamsError } from '../../errors/rpc-errors';
import { decodeParams } from '../decode-params';
import {
  DebugTraceBlockByNumberParams,
  DebugTraceCallParams,
  DebugTraceTransactionParams,
} from './trace.params';

const HASH = `0x${'ab'.repeat(32)}`;

describe(DebugTraceTransactionParams.name, () => {
  it('default: a hash, the config optional', () => {
    expect(decodeParams(DebugTraceTransactionParams, [HASH])).toMatchObject({ transactionHash: HASH });
    const config = {
      tracer: 'callTracer',
      timeout: '2s',
      tracerConfig: { onlyTopCall: true },
      disableStack: true,
      enableMemory: true,
      limit: 10,
    };
    expect(decodeParams(DebugTraceTransactionParams, [HASH, config]).config).toMatchObject(config);
  });

  it('error: a bad hash or config field', () => {
    expect(() => decodeParams(DebugTraceTransactionParams, ['0x12'])).toThrow(InvalidParamsError);
    expect(() => decodeParams(DebugTraceTransactionParams, [HASH, { limit: 'ten' }])).toThrow(
      InvalidParamsError,
    );
    expect(() => decodeParams(DebugTraceTransactionParams, [HASH, { limit: 1.5 }])).toThrow(
      InvalidParamsError,
    );
    expect(() => decodeParams(DebugTraceTransactionParams, [HASH, { tracerConfig: [] }])).toThrow(
      InvalidParamsError,
    );
    expect(() => decodeParams(DebugTraceTransactionParams, [HASH, { timeout: 5 }])).toThrow(
      InvalidParamsError,
    );
  });
});

describe(DebugTraceBlockByNumberParams.name, () => {
  it('default', () => {
    expect(decodeParams(DebugTraceBlockByNumberParams, ['0x5']).block).toEqual({
      kind: 'number',
      number: 5n,
    });
    expect(decodeParams(DebugTraceBlockByNumberParams, ['latest']).block).toEqual({
      kind: 'tag',
      tag: 'latest',
    });
  });
});

describe(DebugTraceCallParams.name, () => {
  it('default: a call, a block and a config with state overrides', () => {
    const to = `0x${'11'.repeat(20)}`;
    const decoded = decodeParams(DebugTraceCallParams, [
      { to },
      'latest',
      { tracer: 'prestateTracer', stateOverrides: { [to]: { balance: '0x1' } } },
    ]);
    expect(decoded.config?.tracer).toBe('prestateTracer');
    expect(decoded.config?.stateOverrides?.size).toBe(1);
  });

  it("args: block overrides by the execution-apis names and by Ethermint's (geth 1.11's)", () => {
    const decoded = decodeParams(DebugTraceCallParams, [
      { to: `0x${'11'.repeat(20)}` },
      'latest',
      {
        blockOverrides: {
          number: '0x1337',
          coinbase: `0x${'22'.repeat(20)}`,
          baseFee: '0x5',
          difficulty: '0x2',
        },
      },
    ]);
    expect(decoded.config?.blockOverrides).toMatchObject({
      number: 0x1337n,
      coinbase: `0x${'22'.repeat(20)}`,
      baseFee: 5n,
      difficulty: 2n,
    });
  });
});
