import { fieldNumbers } from '../testing/wire-fields';
import { MsgEthereumTx } from './evm-tx';
import {
  QueryTraceBlockRequest,
  QueryTraceCallRequest,
  QueryTraceTxRequest,
  QueryTraceTxResponse,
  TraceConfig,
} from './evm-trace';

const msg = MsgEthereumTx.fromPartial({ from: new Uint8Array(20).fill(1), raw: Uint8Array.of(2, 0xc0) });
const config = TraceConfig.fromPartial({
  tracer: 'callTracer',
  timeout: '2s',
  disableStack: true,
  disableStorage: true,
  limit: 7,
  enableMemory: true,
  enableReturnData: true,
  tracerJsonConfig: '{"onlyTopCall":true}',
});
const block = {
  blockNumber: 12n,
  blockHash: 'ab'.repeat(32),
  blockTime: { seconds: 1_700_000_000n, nanos: 5 },
  proposerAddress: new Uint8Array(20).fill(9),
  chainId: 9000n,
};

describe(TraceConfig.typeUrl, () => {
  it('default', () => {
    expect(TraceConfig.decode(TraceConfig.encode(config))).toEqual(config);
    // Field numbers of crypto-org-chain/ethermint trace_config.proto.
    expect(fieldNumbers(TraceConfig.encode(config))).toEqual([1, 2, 5, 6, 9, 11, 12, 13]);
  });
});

describe(QueryTraceTxRequest.typeUrl, () => {
  it('default', () => {
    const request = QueryTraceTxRequest.fromPartial({
      msg,
      traceConfig: config,
      predecessors: [msg, msg],
      ...block,
    });
    const bytes = QueryTraceTxRequest.encode(request);
    expect(QueryTraceTxRequest.decode(bytes)).toEqual(request);
    expect(fieldNumbers(bytes)).toEqual([1, 3, 4, 4, 5, 6, 7, 8, 9]);
  });
});

describe(QueryTraceCallRequest.typeUrl, () => {
  it('default', () => {
    const request = QueryTraceCallRequest.fromPartial({
      args: Uint8Array.from(Buffer.from('{"to":"0x00"}')),
      gasCap: 25_000_000n,
      traceConfig: config,
      ...block,
    });
    const bytes = QueryTraceCallRequest.encode(request);
    expect(QueryTraceCallRequest.decode(bytes)).toEqual(request);
    expect(fieldNumbers(bytes)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe(QueryTraceBlockRequest.typeUrl, () => {
  it('default', () => {
    const request = QueryTraceBlockRequest.fromPartial({ txs: [msg], traceConfig: config, ...block });
    const bytes = QueryTraceBlockRequest.encode(request);
    expect(QueryTraceBlockRequest.decode(bytes)).toEqual(request);
    expect(fieldNumbers(bytes)).toEqual([1, 3, 5, 6, 7, 8, 9]);
  });

  it('args: response data', () => {
    const data = Uint8Array.from(Buffer.from('[{"result":{}}]'));
    expect(QueryTraceTxResponse.decode(QueryTraceTxResponse.encode({ data }))).toEqual({ data });
  });
});
