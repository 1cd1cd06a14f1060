// Tracing (debug_trace*) through the gateway in both topologies, on a chain where the test deployed
// PhotonToken and a forwarder that calls it: each tracer's answer in geth's shape and with the chain's own
// values (receipts' gas, the token's storage, eth_call's output), Ethermint's expected constants where they
// apply (a 100-wei transfer: EXPECTED_STRUCT_TRACER, EXPECTED_CALLTRACERS), and the refusals.
import { PHOTON_TOKEN_ARTIFACT, type PhotonStack, devWallet, rpc, startPhotonStack } from '@photon/testing';
import {
  type Contract,
  ContractFactory,
  Interface,
  JsonRpcProvider,
  NonceManager,
  type TransactionReceipt,
  toQuantity,
} from 'ethers';
import { forwarderInitCode, LOOP_INIT_CODE } from './trace-contracts';

jest.setTimeout(180_000);

const TOKEN = new Interface(PHOTON_TOKEN_ARTIFACT.abi);
const RECIPIENT = '0x378c50d9264c63f3f92b806d4ee56e9d86ffb3ec';
const SINK = `0x${'5a'.repeat(20)}`;
const GAS_PRICE = 88_500_000_000n;

interface CallFrame {
  type: string;
  from: string;
  to?: string;
  gas: string;
  gasUsed: string;
  input: string;
  output?: string;
  error?: string;
  revertReason?: string;
  value?: string;
  calls?: CallFrame[];
  logs?: { address: string; topics: string[]; data: string; position: string }[];
}

interface StructResult {
  gas: number;
  failed: boolean;
  returnValue: string;
  structLogs: { pc: number; op: string; gas: number; gasCost: number; depth: number; stack?: string[] }[];
}

/** The result of a call that must succeed. */
async function result<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const reply = await rpc<T>(url, method, params);
  if (reply.error !== undefined) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
  return reply.result as T;
}

async function failure(
  url: string,
  method: string,
  params: unknown[],
): Promise<{ code: number; message: string }> {
  const reply = await rpc(url, method, params);
  if (reply.error === undefined) throw new Error(`${method} answered ${JSON.stringify(reply.result)}`);
  return reply.error;
}

describe.each(['in-process', 'cluster'] as const)('debug_trace* through the %s gateway', (kind) => {
  let stack: PhotonStack;
  let provider: JsonRpcProvider;
  let token: Contract;
  let forwarder: string;
  let loop: string;
  let transfer: TransactionReceipt;
  let forwarded: TransactionReceipt;
  const sender = devWallet(4).address.toLowerCase();

  beforeAll(async () => {
    stack = await startPhotonStack(kind, {
      extraArgs: ['--rpc-api', 'web3,eth,net,debug', '--log-level', 'warn', '--max-traces-in-flight', '2'],
      // A loaded machine may take longer than the default 20 s to start the stack.
      readyTimeoutMs: 90_000,
    });
    provider = new JsonRpcProvider(stack.httpUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
    provider.pollingInterval = 200;
    const signer = new NonceManager(devWallet(4).connect(provider));
    const factory = new ContractFactory(PHOTON_TOKEN_ARTIFACT.abi, PHOTON_TOKEN_ARTIFACT.bytecode, signer);
    token = (await (await factory.deploy('Photon', 'PHO', 10n ** 24n)).waitForDeployment()) as Contract;
    const tokenAddress = (await token.getAddress()).toLowerCase();
    const deploy = async (data: string): Promise<string> => {
      const receipt = await (await signer.sendTransaction({ data })).wait();
      return (receipt?.contractAddress ?? '').toLowerCase();
    };
    forwarder = await deploy(forwarderInitCode(tokenAddress));
    loop = await deploy(LOOP_INIT_CODE);
    await (await token.getFunction('transfer')(forwarder, 1000n)).wait();
    const sent = await signer.sendTransaction({
      to: RECIPIENT,
      value: 100n,
      gasLimit: 21_000n,
      gasPrice: GAS_PRICE,
    });
    transfer = (await sent.wait()) as TransactionReceipt;
    const viaForwarder = await signer.sendTransaction({
      to: forwarder,
      data: TOKEN.encodeFunctionData('transfer', [SINK, 300n]),
      // The forwarder swallows its inner call's failure, so an estimate would starve the inner call.
      gasLimit: 200_000n,
    });
    forwarded = (await viaForwarder.wait()) as TransactionReceipt;
  });

  afterAll(async () => {
    provider?.destroy();
    await stack?.stop();
  });

  it("default: a 100-wei transfer traces as Ethermint's expected constants", async () => {
    const url = stack.httpUrl;
    expect(await result(url, 'debug_traceTransaction', [transfer.hash])).toEqual({
      gas: 21000,
      failed: false,
      returnValue: '',
      structLogs: [],
    });
    const expected = {
      from: sender,
      gas: '0x5208',
      gasUsed: '0x5208',
      to: RECIPIENT,
      input: '0x',
      value: '0x64',
      type: 'CALL',
    };
    expect(await result(url, 'debug_traceTransaction', [transfer.hash, { tracer: 'callTracer' }])).toEqual(
      expected,
    );
    const onlyTop = { tracer: 'callTracer', tracerConfig: { onlyTopCall: true } };
    expect(await result(url, 'debug_traceTransaction', [transfer.hash, onlyTop])).toEqual(expected);
  });

  it('args: callTracer shows the nested CALL, its output, gas and (withLog) its Transfer log', async () => {
    const tokenAddress = (await token.getAddress()).toLowerCase();
    const input = TOKEN.encodeFunctionData('transfer', [SINK, 300n]);
    const top = await result<CallFrame>(stack.httpUrl, 'debug_traceTransaction', [
      forwarded.hash,
      { tracer: 'callTracer', tracerConfig: { withLog: true } },
    ]);
    const trueWord = `0x${'1'.padStart(64, '0')}`;
    expect(top).toMatchObject({
      type: 'CALL',
      from: sender,
      to: forwarder,
      input,
      output: trueWord,
      value: '0x0',
    });
    expect(BigInt(top.gasUsed)).toBe(forwarded.gasUsed);
    const inner = top.calls?.[0];
    expect(top.calls).toHaveLength(1);
    expect(inner).toMatchObject({
      type: 'CALL',
      from: forwarder,
      to: tokenAddress,
      input,
      output: trueWord,
      value: '0x0',
    });
    expect(BigInt(inner!.gasUsed)).toBeLessThan(BigInt(inner!.gas));
    expect(BigInt(inner!.gas)).toBeLessThan(BigInt(top.gas));
    const onChain = forwarded.logs[0]!;
    expect(inner?.logs).toEqual([
      { address: tokenAddress, topics: [...onChain.topics], data: onChain.data, position: '0x0' },
    ]);
  });

  it('args: the struct logger walks both frames, gas per step adding up, storage on SSTORE', async () => {
    const trace = await result<StructResult>(stack.httpUrl, 'debug_traceTransaction', [forwarded.hash]);
    expect(trace.failed).toBe(false);
    expect(trace.gas).toBe(Number(forwarded.gasUsed));
    expect(trace.returnValue).toBe('1'.padStart(64, '0'));
    const ops = trace.structLogs;
    expect(ops[0]).toEqual({
      pc: 0,
      op: 'CALLDATASIZE',
      gas: expect.any(Number),
      gasCost: 2,
      depth: 1,
      stack: [],
    });
    const call = ops.findIndex((entry) => entry.op === 'CALL');
    expect(ops[call + 1]).toMatchObject({ pc: 0, depth: 2 });
    expect(ops.filter((entry) => entry.depth === 2).some((entry) => entry.op === 'SSTORE')).toBe(true);
    for (let i = 1; i < ops.length; i += 1) {
      const [before, after] = [ops[i - 1]!, ops[i]!];
      if (before.depth === after.depth && before.op !== 'CALL')
        expect(after.gas).toBe(before.gas - before.gasCost);
    }
    const limited = await result<StructResult>(stack.httpUrl, 'debug_traceTransaction', [
      forwarded.hash,
      { limit: 5, disableStack: true, enableMemory: true },
    ]);
    expect(limited.structLogs).toHaveLength(5);
    expect(limited.structLogs[0]).toEqual({
      pc: 0,
      op: 'CALLDATASIZE',
      gas: ops[0]!.gas,
      gasCost: 2,
      depth: 1,
      memory: [],
    });
  });

  it("args: prestateTracer reads the token's slots before the tx; diffMode shows what it changed", async () => {
    const tokenAddress = (await token.getAddress()).toLowerCase();
    type Account = { balance: string; nonce?: number; code?: string; storage?: Record<string, string> };
    const pre = await result<Record<string, Account>>(stack.httpUrl, 'debug_traceTransaction', [
      forwarded.hash,
      { tracer: 'prestateTracer' },
    ]);
    const block = forwarded.blockNumber - 1;
    expect(pre[sender]?.balance).toBe(toQuantity(await provider.getBalance(sender, block)));
    expect(pre[sender]?.nonce).toBe(await provider.getTransactionCount(sender, block));
    expect(pre[forwarder]?.code).toBe(await provider.getCode(forwarder));
    const slots = Object.entries(pre[tokenAddress]?.storage ?? {});
    expect(slots.length).toBeGreaterThanOrEqual(2);
    for (const [slot, value] of slots) {
      expect(value).toBe(await provider.getStorage(tokenAddress, slot, block));
    }
    const diff = await result<{ pre: Record<string, Account>; post: Record<string, Account> }>(
      stack.httpUrl,
      'debug_traceTransaction',
      [forwarded.hash, { tracer: 'prestateTracer', tracerConfig: { diffMode: true } }],
    );
    expect(diff.post[sender]?.nonce).toBe((pre[sender]?.nonce ?? 0) + 1);
    for (const [slot, value] of Object.entries(diff.post[tokenAddress]?.storage ?? {})) {
      expect(value).toBe(await provider.getStorage(tokenAddress, slot, forwarded.blockNumber));
    }
    expect(Object.keys(diff.post[tokenAddress]?.storage ?? {})).toHaveLength(2);
    expect(diff.post[forwarder]).toBeUndefined();
  });

  it('args: 4byteTracer counts both transfer calls; noopTracer answers {}', async () => {
    expect(
      await result(stack.httpUrl, 'debug_traceTransaction', [forwarded.hash, { tracer: '4byteTracer' }]),
    ).toEqual({
      '0xa9059cbb-64': 2,
    });
    expect(
      await result(stack.httpUrl, 'debug_traceTransaction', [forwarded.hash, { tracer: 'noopTracer' }]),
    ).toEqual({});
  });

  it('default: a block traces as one {txHash, result} per tx, by number and by hash alike', async () => {
    const block = await provider.getBlock(forwarded.blockNumber);
    const config = { tracer: 'callTracer' };
    const byNumber = await result<{ txHash: string; result: CallFrame }[]>(
      stack.httpUrl,
      'debug_traceBlockByNumber',
      [toQuantity(forwarded.blockNumber), config],
    );
    expect(byNumber.map((item) => item.txHash)).toEqual(block?.transactions);
    const own = byNumber.find((item) => item.txHash === forwarded.hash);
    expect(own?.result).toEqual(
      await result(stack.httpUrl, 'debug_traceTransaction', [forwarded.hash, config]),
    );
    expect(await result(stack.httpUrl, 'debug_traceBlockByHash', [block?.hash, config])).toEqual(byNumber);
  });

  it("default: debug_traceCall answers with eth_call's output and a nested revert with its reason", async () => {
    const tokenAddress = (await token.getAddress()).toLowerCase();
    const balanceOf = {
      from: sender,
      to: tokenAddress,
      data: TOKEN.encodeFunctionData('balanceOf', [forwarder]),
    };
    const called = await result<string>(stack.httpUrl, 'eth_call', [balanceOf, 'latest']);
    const struct = await result<StructResult>(stack.httpUrl, 'debug_traceCall', [balanceOf, 'latest']);
    expect(struct).toMatchObject({ failed: false, returnValue: called.slice(2) });
    const frame = await result<CallFrame>(stack.httpUrl, 'debug_traceCall', [
      balanceOf,
      'latest',
      { tracer: 'callTracer' },
    ]);
    expect(frame).toMatchObject({ type: 'CALL', from: sender, to: tokenAddress, output: called });
    const tooMuch = {
      from: sender,
      to: forwarder,
      data: TOKEN.encodeFunctionData('transfer', [SINK, 10n ** 30n]),
    };
    const failed = await result<CallFrame>(stack.httpUrl, 'debug_traceCall', [
      tooMuch,
      'latest',
      { tracer: 'callTracer' },
    ]);
    expect(failed.error).toBeUndefined();
    expect(failed.calls?.[0]).toMatchObject({
      error: 'execution reverted',
      revertReason: 'PhotonToken: insufficient balance',
    });
    const withoutGas = { from: sender, to: RECIPIENT, value: '0x1' };
    // Ethermint reports at least half the gas limit (its min gas multiplier): the cap's half here.
    expect(await result(stack.httpUrl, 'debug_traceCall', [withoutGas, 'latest'])).toEqual({
      gas: 12_500_000,
      failed: false,
      returnValue: '',
      structLogs: [],
    });
  });

  it('args: debug_traceCall with state and block overrides, by either set of block override names', async () => {
    const empty = `0x${'42'.repeat(20)}`;
    const prestate = await result<Record<string, { balance: string }>>(stack.httpUrl, 'debug_traceCall', [
      { from: empty, to: RECIPIENT, value: '0x1' },
      'latest',
      { tracer: 'prestateTracer', stateOverrides: { [empty]: { balance: '0xffffffff' } } },
    ]);
    expect(prestate[empty]?.balance).toBe('0xffffffff');
    // Creation code NUMBER TIMESTAMP COINBASE GASLIMIT BASEFEE: the implicit STOP's stack shows each value.
    const call = {
      from: sender,
      input: '0x4342414548',
      gas: '0xffff',
      gasPrice: `0x${GAS_PRICE.toString(16)}`,
    };
    const ethermintNames = { number: '0x1337', time: '0x3', coinbase: SINK, gasLimit: '0x4', baseFee: '0x5' };
    const executionApisNames = {
      number: '0x1337',
      time: '0x3',
      feeRecipient: SINK,
      gasLimit: '0x4',
      baseFeePerGas: '0x5',
    };
    for (const blockOverrides of [ethermintNames, executionApisNames]) {
      const traced = await result<StructResult>(stack.httpUrl, 'debug_traceCall', [
        call,
        'latest',
        { blockOverrides },
      ]);
      expect(traced.structLogs.at(-1)).toMatchObject({
        op: 'STOP',
        stack: ['0x1337', '0x3', SINK, '0x4', '0x5'],
      });
    }
  });

  it('behavior: the timeout stops a runaway trace', async () => {
    const error = await failure(stack.httpUrl, 'debug_traceCall', [
      { from: sender, to: loop, gas: '0x1000000' },
      'latest',
      { tracer: 'callTracer', timeout: '300ms' },
    ]);
    expect(error).toEqual({ code: -32000, message: 'execution timeout' });
  });

  it('error: JavaScript tracers, unknown transactions and blocks, bad params', async () => {
    const js = await failure(stack.httpUrl, 'debug_traceTransaction', [
      transfer.hash,
      { tracer: '{ step: function() {} }' },
    ]);
    expect(js.code).toBe(-32000);
    expect(js.message).toMatch(/JavaScript tracers are not served/);
    expect(await failure(stack.httpUrl, 'debug_traceTransaction', [`0x${'ab'.repeat(32)}`])).toEqual({
      code: -32000,
      message: 'transaction not found',
    });
    expect(await failure(stack.httpUrl, 'debug_traceBlockByNumber', ['0xffffff'])).toEqual({
      code: -32000,
      message: 'block #16777215 not found',
    });
    expect((await failure(stack.httpUrl, 'debug_traceTransaction', ['0x12'])).code).toBe(-32602);
    expect(
      (await failure(stack.httpUrl, 'debug_traceTransaction', [transfer.hash, { limit: 'ten' }])).code,
    ).toBe(-32602);
    expect(
      (await failure(stack.httpUrl, 'debug_traceCall', [{ to: RECIPIENT }, 'latest', { timeout: 5 }])).code,
    ).toBe(-32602);
  });
});
