// Execution, fees and node status through the gateway (in-process and over NATS) on a chain where the test
// deployed PhotonToken (dev accounts 4–6); every answer is checked against its execution-apis schema.
import type { RpcBlock } from '@photon/codec';
import {
  type PhotonStack,
  devWallet,
  expectValidComponent,
  rpc,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import { AbiCoder, dataSlice, toQuantity } from 'ethers';
import {
  ChainWriter,
  INITIAL_SUPPLY,
  TIP,
  TOKEN_INTERFACE,
  type TokenChain,
  cometBlockHash,
  putTokenChain,
} from './query-chain';
import { call, callError, untilTierHead } from './query-rpc';

jest.setTimeout(120_000);

const q = (value: bigint | number): string => toQuantity(value);
const TOKENS_TO_5 = 100n * 10n ** 18n;
const [A5, A6] = [5, 6].map((i) => devWallet(i).address.toLowerCase()) as [string, string];
/** Init code whose first MLOAD expands memory to 4 GiB: out of gas at any allowance, at once. */
const OUT_OF_GAS_INIT = '0x63ffffffff51';
const ERROR_STRING_SELECTOR = '0x08c379a0';

/** Bad params of every execution, fee, status and N/A method: -32602 with geth's words. */
const BAD_PARAMS: [string, string, unknown[], RegExp][] = [
  ['eth_call', 'no transaction', [], /^missing value for required argument 0$/],
  ['eth_call', 'a bad `to`', [{ to: '0x12' }], /^invalid argument 0: /],
  ['eth_call', 'data and input that differ', [{ data: '0x01', input: '0x02' }], /^invalid argument 0: /],
  ['eth_call', 'a bad block', [{ to: A5 }, 'soon'], /^invalid argument 1: /],
  [
    'eth_call',
    'bad state overrides',
    [{ to: A5 }, 'latest', { [A5]: { nonce: 5 } }],
    /^invalid argument 2: /,
  ],
  ['eth_estimateGas', 'a string transaction', ['0x00'], /^invalid argument 0: /],
  ['eth_estimateGas', 'a negative gas', [{ to: A5, gas: '-0x1' }], /^invalid argument 0: /],
  ['eth_estimateGas', 'a bad block', [{ to: A5 }, { blockHash: '0x12' }], /^invalid argument 1: /],
  ['eth_feeHistory', 'no percentiles', ['0x1', 'latest'], /^missing value for required argument 2$/],
  ['eth_feeHistory', 'a bad block count', ['one', 'latest', []], /^invalid argument 0: /],
  ['eth_feeHistory', 'a hash as newest block', ['0x1', `0x${'ab'.repeat(32)}`, []], /^invalid argument 1: /],
  ['eth_feeHistory', 'decreasing percentiles', ['0x1', 'latest', [50, 10]], /^invalid argument 2: /],
  ['eth_feeHistory', 'a percentile over 100', ['0x1', 'latest', [101]], /^invalid argument 2: /],
  ['eth_gasPrice', 'an argument', [1], /^too many arguments, want at most 0$/],
  ['eth_maxPriorityFeePerGas', 'an argument', ['latest'], /^too many arguments, want at most 0$/],
  ['eth_syncing', 'an argument', [true], /^too many arguments, want at most 0$/],
  ['eth_coinbase', 'an argument', [0], /^too many arguments, want at most 0$/],
  ['eth_mining', 'an argument', [{}], /^too many arguments, want at most 0$/],
  ['eth_hashrate', 'an argument', ['x'], /^too many arguments, want at most 0$/],
  ['net_peerCount', 'an argument', [1], /^too many arguments, want at most 0$/],
  ['net_listening', 'an argument', [1], /^too many arguments, want at most 0$/],
];

/** In-process keeps the default gas cap; the cluster sets one: --rpc-gas-cap reaches `photon query`. */
describe.each([
  { kind: 'in-process' as const, gasCap: 25_000_000n },
  { kind: 'cluster' as const, gasCap: 24_000_000n },
])('execution, fees and node status through the $kind gateway', ({ kind, gasCap }) => {
  let stack: PhotonStack;
  let writer: ChainWriter;
  let chain: TokenChain;

  beforeAll(async () => {
    const extraArgs = gasCap === 25_000_000n ? [] : ['--rpc-gas-cap', gasCap.toString()];
    stack = await startPhotonStack(kind, { extraArgs });
    writer = new ChainWriter(stack.devnetUrl);
    chain = await putTokenChain(writer, {
      name: 'Photon Query Token',
      symbol: 'PQT',
      toAccount5: TOKENS_TO_5,
    });
    // The chain was written to the devnet directly: `latest` through the tier is the tier's head (what
    // eth_blockNumber answers), which follows the engine's commits a moment later.
    await untilTierHead(stack.httpUrl, chain.transferHeight);
  });
  afterAll(() => stack?.stop());

  const get = <T = string>(method: string, params: unknown[] = []) => call<T>(stack.httpUrl, method, params);
  const tokenCall = (fn: string, args: unknown[], from = A5) => ({
    from,
    to: chain.token,
    data: TOKEN_INTERFACE.encodeFunctionData(fn, args),
  });
  const decode = (fn: string, data: string) => TOKEN_INTERFACE.decodeFunctionResult(fn, data);
  const block = (height: bigint) => get<RpcBlock>('eth_getBlockByNumber', [q(height), false]);

  it('default: eth_call reads the token at the head and at older blocks', async () => {
    const balanceOf5 = tokenCall('balanceOf', [A5]);
    expect(decode('balanceOf', await get('eth_call', [balanceOf5, 'latest']))[0]).toBe(TOKENS_TO_5);
    expect(decode('balanceOf', await get('eth_call', [balanceOf5]))[0]).toBe(TOKENS_TO_5);
    expect(decode('name', await get('eth_call', [tokenCall('name', [])]))[0]).toBe('Photon Query Token');
    expect(decode('totalSupply', await get('eth_call', [tokenCall('totalSupply', [])]))[0]).toBe(
      INITIAL_SUPPLY,
    );

    const deployHash = await cometBlockHash(writer.devnet, chain.deployHeight);
    for (const selector of [q(chain.deployHeight), deployHash, { blockHash: deployHash }]) {
      expect(decode('balanceOf', await get('eth_call', [balanceOf5, selector]))[0]).toBe(0n);
    }
    // No code before the deploy: the call returns nothing, as a call to any account without code.
    expect(await get('eth_call', [balanceOf5, q(chain.deployHeight - 1n)])).toBe('0x');
    // A gas limit past the cap is lowered to it, not refused.
    const overCap = await get('eth_call', [{ ...balanceOf5, gas: q(gasCap * 2n) }]);
    expect(decode('balanceOf', overCap)[0]).toBe(TOKENS_TO_5);
  });

  it('error: a revert with a reason is code 3 with the reason and the revert bytes', async () => {
    const transfer = tokenCall('transfer', [A6, INITIAL_SUPPLY]);
    for (const method of ['eth_call', 'eth_estimateGas']) {
      const error = await callError(stack.httpUrl, method, [transfer]);
      expect(error).toMatchObject({
        code: 3,
        message: 'execution reverted: PhotonToken: insufficient balance',
      });
      const data = String(error.data);
      expect(dataSlice(data, 0, 4)).toBe(ERROR_STRING_SELECTOR);
      expect(AbiCoder.defaultAbiCoder().decode(['string'], dataSlice(data, 4))[0]).toBe(
        'PhotonToken: insufficient balance',
      );
    }
  });

  it('error: a custom error is code 3 `execution reverted`, its data Unauthorized(caller)', async () => {
    const mint = tokenCall('mint', [A5, 1n]);
    for (const method of ['eth_call', 'eth_estimateGas']) {
      const error = await callError(stack.httpUrl, method, [mint]);
      expect(error).toMatchObject({ code: 3, message: 'execution reverted' });
      const parsed = TOKEN_INTERFACE.parseError(String(error.data));
      expect(parsed?.name).toBe('Unauthorized');
      expect(String(parsed?.args[0]).toLowerCase()).toBe(A5);
    }
  });

  it('default: eth_estimateGas gives the least gas that succeeds', async () => {
    expect(await get('eth_estimateGas', [{ from: A5, to: A6, value: '0x1' }])).toBe('0x5208');
    const transfer = tokenCall('transfer', [A6, 10n ** 18n]);
    const estimate = BigInt(await get('eth_estimateGas', [transfer]));
    expect(estimate).toBeGreaterThan(21_000n);
    expect(estimate).toBeLessThan(100_000n);
    expect(await get('eth_estimateGas', [transfer, 'latest'])).toBe(q(estimate));
    expect(decode('transfer', await get('eth_call', [{ ...transfer, gas: q(estimate) }]))[0]).toBe(true);
    expect(await callError(stack.httpUrl, 'eth_call', [{ ...transfer, gas: q(estimate - 1n) }])).toEqual({
      code: -32000,
      message: 'out of gas',
    });
  });

  it('error: a call that needs more than the allowance names it', async () => {
    expect(await callError(stack.httpUrl, 'eth_estimateGas', [{ from: A5, data: OUT_OF_GAS_INIT }])).toEqual({
      code: -32000,
      message: `gas required exceeds allowance (${gasCap})`,
    });
    const capped = { from: A5, data: OUT_OF_GAS_INIT, gas: q(30_000) };
    expect(await callError(stack.httpUrl, 'eth_estimateGas', [capped])).toEqual({
      code: -32000,
      message: 'gas required exceeds allowance (30000)',
    });
    expect(await callError(stack.httpUrl, 'eth_call', [{ from: A5, data: OUT_OF_GAS_INIT }])).toEqual({
      code: -32000,
      message: 'out of gas',
    });
  });

  it('error: unsupported overrides and unknown blocks', async () => {
    const balanceOf5 = tokenCall('balanceOf', [A5]);
    expect(await callError(stack.httpUrl, 'eth_call', [balanceOf5, 'latest', {}, { number: '0x1' }])).toEqual(
      {
        code: -32000,
        message: 'block overrides are not supported by this node',
      },
    );
    for (const method of ['eth_call', 'eth_estimateGas']) {
      expect(await callError(stack.httpUrl, method, [balanceOf5, '0xffffffff'])).toEqual({
        code: -32000,
        message: 'header not found',
      });
    }
  });

  it('default: gas price and tip follow the head’s base fee (Ethermint: tip = baseFee / 8)', async () => {
    const first = BigInt(await get('eth_blockNumber'));
    const gasPrice = BigInt(await get('eth_gasPrice'));
    const tip = BigInt(await get('eth_maxPriorityFeePerGas'));
    const last = BigInt(await get('eth_blockNumber'));
    // The head may move between the calls: the answers must be those of a block in [first − 1, last] (one
    // before, in case eth_blockNumber asked the engine while the tier's head still trailed it).
    const candidates: { baseFee: bigint; tip: bigint; gasPrice: bigint }[] = [];
    for (let height = first - 1n; height <= last; height++) {
      const baseFee = BigInt((await block(height)).baseFeePerGas);
      candidates.push({ baseFee, tip: baseFee / 8n, gasPrice: baseFee + baseFee / 8n });
    }
    expect(candidates.some((c) => c.gasPrice === gasPrice)).toBe(true);
    expect(candidates.some((c) => c.tip === tip)).toBe(true);
  });

  it('default: fee history of the newest blocks: base fees, gas used, the next base fee', async () => {
    const history = await get<FeeHistory>('eth_feeHistory', ['0x4', 'latest', [10, 50, 90]]);
    const oldest = BigInt(history.oldestBlock);
    expect(history.baseFeePerGas).toHaveLength(5);
    expect(history.gasUsedRatio).toHaveLength(4);
    expect(history.reward).toHaveLength(4);
    for (let i = 0; i < 4; i++) {
      const { baseFeePerGas, gasUsed, gasLimit } = await block(oldest + BigInt(i));
      expect(history.baseFeePerGas[i]).toBe(baseFeePerGas);
      expect(history.gasUsedRatio[i]).toBe(Number(gasUsed) / Number(gasLimit));
    }
    // The last entry is the base fee of the block after the newest, computed before that block existed.
    const next = oldest + 4n;
    await waitFor(async () => BigInt(await get('eth_blockNumber')) >= next, { what: `block ${next}` });
    expect(history.baseFeePerGas[4]).toBe((await block(next)).baseFeePerGas);
    // A decimal block count is accepted too, as geth reads it.
    expect((await get<FeeHistory>('eth_feeHistory', [2, q(oldest + 1n), []])).oldestBlock).toBe(q(oldest));
  });

  it('args: rewards of the block holding the token transfer are its effective tip', async () => {
    const height = chain.transferHeight;
    const history = await get<FeeHistory>('eth_feeHistory', ['0x1', q(height), [0, 50, 100]]);
    expect(history.oldestBlock).toBe(q(height));
    // One tx paying a 1 gwei tip under a 50 gwei fee cap: every percentile is that tip.
    expect(history.reward).toEqual([[q(TIP), q(TIP), q(TIP)]]);
    const transferBlock = await block(height);
    expect(history.gasUsedRatio).toEqual([Number(transferBlock.gasUsed) / Number(transferBlock.gasLimit)]);
    expect(history.baseFeePerGas).toEqual([
      transferBlock.baseFeePerGas,
      (await block(height + 1n)).baseFeePerGas,
    ]);
    // No percentiles: no reward field.
    expect(await get<FeeHistory>('eth_feeHistory', ['0x1', q(height), []])).not.toHaveProperty('reward');
  });

  it('error: fee history beyond the cap or past the head', async () => {
    expect(await callError(stack.httpUrl, 'eth_feeHistory', ['0x65', 'latest', []])).toEqual({
      code: -32005,
      message: 'FeeHistory user block count 101 higher than 100',
    });
    const ahead = await callError(stack.httpUrl, 'eth_feeHistory', ['0x1', '0xffffffff', []]);
    expect(ahead.code).toBe(-32000);
    expect(ahead.message).toMatch(/^request beyond head block: requested 4294967295, head \d+$/);
    expect(await get<FeeHistory>('eth_feeHistory', ['0x0', 'latest', []])).toEqual({
      oldestBlock: '0x0',
      baseFeePerGas: [],
      gasUsedRatio: [],
    });
  });

  it('default: node status, peers and the N/A methods', async () => {
    expect(await get('eth_syncing')).toBe(false);
    const miner = (await get<RpcBlock>('eth_getBlockByNumber', ['latest', false])).miner;
    expect(await get('eth_coinbase')).toBe(miner);
    expect(miner).not.toBe(`0x${'00'.repeat(20)}`);
    for (const [method, expected, component] of [
      ['net_peerCount', '0x0', 'uint'],
      ['net_listening', true, undefined],
      ['eth_mining', false, undefined],
      ['eth_hashrate', '0x0', 'uint'],
    ] as const) {
      const reply = await rpc(stack.httpUrl, method, []);
      expect(reply.result).toBe(expected);
      if (component !== undefined) expectValidComponent(component, reply.result);
    }
  });

  it('error: the txpool namespace is hidden unless --rpc-api names it', async () => {
    for (const method of ['txpool_status', 'txpool_content', 'txpool_inspect']) {
      expect((await rpc(stack.httpUrl, method, [])).error).toEqual({
        code: -32601,
        message: `the method ${method} does not exist/is not available`,
      });
    }
  });

  it.each(BAD_PARAMS)(
    'error: %s with %s is -32602 naming the argument',
    async (method, _what, params, message) => {
      const error = await callError(stack.httpUrl, method, params);
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(message);
    },
  );
});

interface FeeHistory {
  oldestBlock: string;
  baseFeePerGas: string[];
  gasUsedRatio: number[];
  reward?: string[][];
}
