// The Trace* queries through abci_query, as the engine client sends them: geth's tracer shapes on the
// devnet's own execution of a transfer, a contract creation and a contract call.
import {
  MsgEthereumTx,
  QueryTraceBlockRequest,
  QueryTraceBlockResponse,
  QueryTraceCallRequest,
  QueryTraceTxRequest,
  QueryTraceTxResponse,
  TraceConfig,
  QUERY_PATH,
} from '@photon/ethermint-wire';
import { abciQuery } from '../abci/abci-query';
import { EvmChain, type Hex } from '../evm';
import { PROBE_INIT_CODE, Probe, probeCall, STORED_TOPIC } from '../evm/testing/probe-contract';
import { devAddress, devWallet, GWEI, signTx } from '../evm/testing/sign';

const VALIDATOR = new Uint8Array(20).fill(0xab);
const RECIPIENT: Hex = `0x${'37'.repeat(20)}`;
const fees = { maxFeePerGas: 10n * GWEI, maxPriorityFeePerGas: GWEI };

interface Fixture {
  chain: EvmChain;
  probe: Hex;
  /** Block 2's txs: a transfer of 100 (dev 0), then store(7) on the probe (dev 1). */
  transfer: Uint8Array;
  store: Uint8Array;
  deploy: Uint8Array;
}

async function fixture(): Promise<Fixture> {
  const chain = await EvmChain.create();
  const deploy = await signTx(devWallet(1), { nonce: 0, data: PROBE_INIT_CODE, gasLimit: 200_000n, ...fees });
  await chain.checkTx(deploy);
  const deployed = await chain.produceBlock({ height: 1, timestamp: 1_700_000_001, proposer: VALIDATOR });
  const probe = deployed.txs[0]?.contractAddress as Hex;
  const transfer = await signTx(devWallet(0), { nonce: 0, to: RECIPIENT, value: 100n, ...fees });
  const store = await signTx(devWallet(1), {
    nonce: 1,
    to: probe,
    data: probeCall(Probe.store, 7n),
    gasLimit: 100_000n,
    ...fees,
  });
  await chain.checkTx(transfer);
  await chain.checkTx(store);
  await chain.produceBlock({ height: 2, timestamp: 1_700_000_002, proposer: VALIDATOR });
  return { chain, probe, transfer, store, deploy };
}

const msg = (raw: Uint8Array): MsgEthereumTx => MsgEthereumTx.fromPartial({ raw });
const config = (partial: Partial<TraceConfig> = {}): TraceConfig => TraceConfig.fromPartial(partial);

async function ask(chain: EvmChain, path: string, data: Uint8Array, height: bigint) {
  return abciQuery(chain, { path, data, height, prove: false }, { validatorAddress: VALIDATOR });
}

/** The tracer's JSON of a successful trace. */
async function traceTx(
  f: Fixture,
  raw: Uint8Array,
  predecessors: Uint8Array[],
  traceConfig: TraceConfig,
  block = 2n,
): Promise<unknown> {
  const request = QueryTraceTxRequest.fromPartial({
    msg: msg(raw),
    predecessors: predecessors.map(msg),
    traceConfig,
    blockNumber: block,
    chainId: 9000n,
  });
  // As Ethermint's JSON-RPC asks: the parent height, at least 1.
  const height = block > 1n ? block - 1n : 1n;
  const answer = await ask(f.chain, QUERY_PATH.evmTraceTx, QueryTraceTxRequest.encode(request), height);
  expect(answer.response).toMatchObject({ code: 0, log: '' });
  const bytes = Buffer.from(answer.response.value ?? '', 'base64');
  return JSON.parse(Buffer.from(QueryTraceTxResponse.decode(bytes).data).toString('utf8'));
}

async function traceCall(f: Fixture, args: object, traceConfig: TraceConfig) {
  const request = QueryTraceCallRequest.fromPartial({
    args: Buffer.from(JSON.stringify(args)),
    gasCap: 25_000_000n,
    traceConfig,
    blockNumber: 2n,
    chainId: 9000n,
  });
  return ask(f.chain, QUERY_PATH.evmTraceCall, QueryTraceCallRequest.encode(request), 2n);
}

const resultOf = (answer: Awaited<ReturnType<typeof traceCall>>): unknown =>
  JSON.parse(
    Buffer.from(
      QueryTraceTxResponse.decode(Buffer.from(answer.response.value ?? '', 'base64')).data,
    ).toString('utf8'),
  );

describe('TraceTx', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture();
  });

  it('default: a plain transfer has no struct logs (Ethermint EXPECTED_STRUCT_TRACER)', async () => {
    expect(await traceTx(f, f.transfer, [], config())).toEqual({
      gas: 21000,
      failed: false,
      returnValue: '',
      structLogs: [],
    });
  });

  it('args: callTracer on a transfer (Ethermint EXPECTED_CALLTRACERS shape)', async () => {
    const expected = {
      from: devAddress(0),
      gas: '0x5208',
      gasUsed: '0x5208',
      to: RECIPIENT,
      input: '0x',
      value: '0x64',
      type: 'CALL',
    };
    expect(await traceTx(f, f.transfer, [], config({ tracer: 'callTracer' }))).toEqual(expected);
    const onlyTop = config({ tracer: 'callTracer', tracerJsonConfig: '{"onlyTopCall":true}' });
    expect(await traceTx(f, f.transfer, [], onlyTop)).toEqual(expected);
  });

  it('args: struct logger on a contract call after its predecessor, with storage and refund rules', async () => {
    const result = (await traceTx(f, f.store, [f.transfer], config())) as {
      gas: number;
      failed: boolean;
      structLogs: {
        op: string;
        pc: number;
        depth: number;
        gas: number;
        gasCost: number;
        stack: string[];
        storage?: object;
      }[];
    };
    expect(result.failed).toBe(false);
    const receipt = f.chain.block(2).gasUsed;
    expect(BigInt(result.gas)).toBeLessThan(receipt);
    const first = result.structLogs[0];
    expect(first).toEqual({ pc: 0, op: 'PUSH1', gas: expect.any(Number), gasCost: 3, depth: 1, stack: [] });
    const sstore = result.structLogs.find((entry) => entry.op === 'SSTORE');
    expect(sstore?.storage).toEqual({ ['0'.repeat(64)]: '7'.padStart(64, '0') });
    expect(sstore?.stack.slice(-2)).toEqual(['0x7', '0x0']);
    // Each entry's gas is the previous entry's gas less its cost, within one frame.
    for (let i = 1; i < result.structLogs.length; i += 1) {
      const [before, after] = [result.structLogs[i - 1]!, result.structLogs[i]!];
      expect(after.gas).toBe(before.gas - before.gasCost);
    }
    expect(result.structLogs.at(-1)?.op).toBe('STOP');
  });

  it('args: struct logger options (disableStack, disableStorage, enableMemory, limit)', async () => {
    const result = (await traceTx(
      f,
      f.store,
      [f.transfer],
      config({ disableStack: true, disableStorage: true, enableMemory: true, limit: 12 }),
    )) as { structLogs: Record<string, unknown>[] };
    expect(result.structLogs).toHaveLength(12);
    for (const entry of result.structLogs) {
      expect(entry).not.toHaveProperty('stack');
      expect(entry).not.toHaveProperty('storage');
      expect(entry).toHaveProperty('memory');
    }
  });

  it('args: callTracer withLog, prestateTracer and its diffMode, 4byteTracer, noopTracer', async () => {
    const call = await traceTx(
      f,
      f.store,
      [f.transfer],
      config({ tracer: 'callTracer', tracerJsonConfig: '{"withLog":true}' }),
    );
    expect(call).toMatchObject({
      from: devAddress(1),
      to: f.probe,
      type: 'CALL',
      logs: [
        { address: f.probe, topics: [STORED_TOPIC], data: `0x${'7'.padStart(64, '0')}`, position: '0x0' },
      ],
    });
    const pre = (await traceTx(f, f.store, [f.transfer], config({ tracer: 'prestateTracer' }))) as Record<
      string,
      { nonce?: number; storage?: Record<string, string>; code?: string }
    >;
    expect(pre[f.probe]?.storage).toEqual({ [`0x${'0'.repeat(64)}`]: `0x${'0'.repeat(64)}` });
    expect(pre[f.probe]?.code).toMatch(/^0x[0-9a-f]+$/);
    expect(pre[devAddress(1)]?.nonce).toBe(1);
    const diff = (await traceTx(
      f,
      f.store,
      [f.transfer],
      config({ tracer: 'prestateTracer', tracerJsonConfig: '{"diffMode":true}' }),
    )) as { pre: Record<string, object>; post: Record<string, { nonce?: number; storage?: object }> };
    expect(diff.post[f.probe]).toEqual({
      storage: { [`0x${'0'.repeat(64)}`]: `0x${'7'.padStart(64, '0')}` },
    });
    expect(diff.post[devAddress(1)]?.nonce).toBe(2);
    expect(diff.pre[f.probe]).not.toHaveProperty('storage');
    expect(await traceTx(f, f.store, [f.transfer], config({ tracer: '4byteTracer' }))).toEqual({
      '0x01000000-29': 1,
    });
    expect(await traceTx(f, f.store, [f.transfer], config({ tracer: 'noopTracer' }))).toEqual({});
  });

  it('args: callTracer on a contract creation', async () => {
    const result = await traceTx(f, f.deploy, [], config({ tracer: 'callTracer' }), 1n);
    expect(result).toMatchObject({ from: devAddress(1), to: f.probe, type: 'CREATE', gas: '0x30d40' });
    expect((result as { output: string }).output.length).toBeGreaterThan(10);
  });

  it('error: JavaScript tracers and bad timeouts are refused', async () => {
    const request = (traceConfig: TraceConfig): Uint8Array =>
      QueryTraceTxRequest.encode(
        QueryTraceTxRequest.fromPartial({ msg: msg(f.transfer), traceConfig, blockNumber: 2n }),
      );
    const js = await ask(
      f.chain,
      QUERY_PATH.evmTraceTx,
      request(config({ tracer: '{step: function() {}}' })),
      1n,
    );
    expect(js.response.code).not.toBe(0);
    expect(js.response.log).toContain('JavaScript tracers are not served');
    const timeout = await ask(f.chain, QUERY_PATH.evmTraceTx, request(config({ timeout: 'soon' })), 1n);
    expect(timeout.response.log).toContain('timeout value: time: invalid duration "soon"');
  });
});

describe('TraceCall', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture();
  });

  it("default: without gas, Ethermint's minimum gas (half the cap) is reported", async () => {
    const answer = await traceCall(f, { from: devAddress(2), to: RECIPIENT, value: '0x64' }, config());
    expect(resultOf(answer)).toEqual({ gas: 12_500_000, failed: false, returnValue: '', structLogs: [] });
    const withGas = await traceCall(
      f,
      { from: devAddress(2), to: RECIPIENT, value: '0x1', gas: '0x5208' },
      config({ tracer: 'callTracer' }),
    );
    expect(resultOf(withGas)).toEqual({
      from: devAddress(2),
      gas: '0x5208',
      gasUsed: '0x5208',
      to: RECIPIENT,
      input: '0x',
      value: '0x1',
      type: 'CALL',
    });
  });

  it('behavior: a revert is a result with the revert data, and the reason in callTracer', async () => {
    const args = { from: devAddress(2), to: f.probe, data: '0x02' };
    const struct = resultOf(await traceCall(f, args, config())) as { failed: boolean; returnValue: string };
    expect(struct.failed).toBe(true);
    expect(struct.returnValue.startsWith('08c379a0')).toBe(true);
    const call = resultOf(await traceCall(f, args, config({ tracer: 'callTracer' })));
    expect(call).toMatchObject({ error: 'execution reverted', revertReason: 'boom' });
  });

  it('behavior: the timeout is honoured', async () => {
    const args = { from: devAddress(2), to: f.probe, data: '0x06' };
    const started = Date.now();
    const answer = await traceCall(f, args, config({ tracer: 'callTracer', timeout: '200ms' }));
    expect(answer.response.log).toContain('execution timeout');
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('error: a value above the balance', async () => {
    const answer = await traceCall(
      f,
      { from: `0x${'10'.padEnd(40, '0')}`, to: RECIPIENT, value: '0x64' },
      config(),
    );
    expect(answer.response.log).toContain('insufficient');
  });
});

describe('TraceCall overrides (TraceConfig.state_overrides, block_overrides)', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture();
  });
  const bytes = (value: unknown): Uint8Array => Buffer.from(JSON.stringify(value));

  it('behavior: a state override funds an empty sender, seen by prestateTracer and the transfer', async () => {
    const empty = `0x${'42'.repeat(20)}`;
    const args = { from: empty, to: RECIPIENT, value: '0x1' };
    const answer = await traceCall(
      f,
      args,
      config({ tracer: 'prestateTracer', stateOverrides: bytes({ [empty]: { balance: '0xffffffff' } }) }),
    );
    expect(answer.response.code).toBe(0);
    expect(resultOf(answer)).toMatchObject({ [empty]: { balance: '0xffffffff' } });
    // Not kept: the next trace sees the committed (empty) account again.
    expect((await traceCall(f, args, config())).response.log).toContain('insufficient balance for transfer');
  });

  it('behavior: block overrides replace NUMBER, TIMESTAMP, COINBASE, GASLIMIT, BASEFEE', async () => {
    // NUMBER TIMESTAMP COINBASE GASLIMIT BASEFEE, then STOP: the struct logger shows each value on the stack.
    const coinbase = `0x${'11'.repeat(20)}`;
    const blockOverrides = bytes({
      number: '0x1337',
      time: '0x3',
      coinbase,
      gasLimit: '0x4',
      baseFee: '0x5',
    });
    const args = { from: devAddress(2), input: '0x4342414548', gas: '0xffff', gasPrice: '0x10' };
    const answer = await traceCall(f, args, config({ blockOverrides }));
    expect(answer.response.log).toBe('');
    const result = resultOf(answer) as { structLogs: { op: string; stack: string[] }[] };
    expect(result.structLogs.at(-1)).toMatchObject({
      op: 'STOP',
      stack: ['0x1337', '0x3', coinbase, '0x4', '0x5'],
    });
  });

  it("behavior: Ethermint's EXPECTED_BLOCK_OVERRIDES_TRACERS, with geth's STOP past the end of the code", async () => {
    const blockOverrides = bytes({
      number: '0x1337',
      coinbase: `0x${'11'.repeat(20)}`,
      difficulty: '0x2',
      time: '0x3',
      baseLimit: '0x4',
      baseFee: '0x5',
    });
    const args = { from: devAddress(2), input: '0x43', gas: '0xffff', gasPrice: '0x149b02d500' };
    expect(resultOf(await traceCall(f, args, config({ blockOverrides })))).toEqual({
      gas: 53020,
      failed: false,
      returnValue: '',
      structLogs: [
        { pc: 0, op: 'NUMBER', gas: 12517, gasCost: 2, depth: 1, stack: [] },
        { pc: 1, op: 'STOP', gas: 12515, gasCost: 0, depth: 1, stack: ['0x1337'] },
      ],
    });
  });

  it("error: overrides that do not decode are InvalidArgument with Go's text", async () => {
    const badBlock = await traceCall(f, { to: RECIPIENT }, config({ blockOverrides: bytes({ number: 5 }) }));
    expect(badBlock.response.log).toContain(
      'code = InvalidArgument desc = json: cannot unmarshal non-string into Go struct field BlockOverrides.Number of type *hexutil.Big',
    );
    const badState = await traceCall(f, { to: RECIPIENT }, config({ stateOverrides: bytes([1]) }));
    expect(badState.response.log).toContain(
      'code = InvalidArgument desc = json: cannot unmarshal array into Go value of type types.StateOverride',
    );
  });
});

describe('TraceBlock', () => {
  it('default: one result per tx, each on the state the earlier ones left', async () => {
    const f = await fixture();
    const request = QueryTraceBlockRequest.fromPartial({
      txs: [msg(f.transfer), msg(f.store)],
      traceConfig: config({ tracer: 'callTracer' }),
      blockNumber: 2n,
    });
    const answer = await ask(f.chain, QUERY_PATH.evmTraceBlock, QueryTraceBlockRequest.encode(request), 1n);
    expect(answer.response.code).toBe(0);
    const data = QueryTraceBlockResponse.decode(Buffer.from(answer.response.value ?? '', 'base64')).data;
    const results = JSON.parse(Buffer.from(data).toString('utf8')) as {
      result: { type: string; to: string };
    }[];
    expect(results.map((r) => r.result.to)).toEqual([RECIPIENT, f.probe]);
  });
});
