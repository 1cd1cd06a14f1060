// Account state through the gateway (in-process and over NATS) on a chain written with dev accounts 4–6: at
// the head, at older heights, by EIP-1898 selectors; the pending nonce and the txpool while a tx waits.
import {
  type PhotonStack,
  devWallet,
  expectValidComponent,
  rpc,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import { AbiCoder, Transaction, getAddress, keccak256, parseEther, toBeHex, toQuantity } from 'ethers';
import {
  ChainWriter,
  GAS_PRICE,
  INITIAL_SUPPLY,
  type TokenChain,
  cometBlockHash,
  putTokenChain,
} from './query-chain';
import { call, callError, untilTierHead } from './query-rpc';

jest.setTimeout(120_000);

/** Long enough that a tx broadcast right after a block is still in the mempool while the test queries it. */
const BLOCK_TIME_MS = 1_000;
const TOKENS_TO_5 = 300n * 10n ** 18n;
const q = (value: bigint | number): string => toQuantity(value);
const word = (value: bigint): string => toBeHex(value, 32);
const UNKNOWN_HASH = `0x${'cd'.repeat(32)}`;

const [A4, A5, A6] = [4, 5, 6].map((i) => devWallet(i).address.toLowerCase()) as [string, string, string];

/** PhotonToken's storage: name 0, symbol 1, totalSupply 2, balanceOf 3 (decimals and owner hold no slot). */
const TOTAL_SUPPLY_SLOT = '0x2';
const balanceSlot = (holder: string): string =>
  keccak256(AbiCoder.defaultAbiCoder().encode(['address', 'uint256'], [holder, 3n]));

type ByNonce<T> = Record<string, Record<string, T>>;
interface TxpoolContent {
  pending: ByNonce<Record<string, unknown>>;
  queued: ByNonce<Record<string, unknown>>;
}
interface TxpoolInspect {
  pending: ByNonce<string>;
  queued: ByNonce<string>;
}

/** Bad params of every state and txpool method: -32602 with geth's words, naming the argument. */
const BAD_PARAMS: [string, string, unknown[], RegExp][] = [
  ['eth_getBalance', 'a short address', ['0x123', 'latest'], /^invalid argument 0: /],
  ['eth_getBalance', 'an unknown tag', [A4, 'newest'], /^invalid argument 1: /],
  [
    'eth_getBalance',
    'an EIP-1898 object with both hash and number',
    [A4, { blockHash: UNKNOWN_HASH, blockNumber: '0x1' }],
    /^invalid argument 1: cannot specify both BlockHash and BlockNumber/,
  ],
  ['eth_getBalance', 'no address', [], /^missing value for required argument 0$/],
  ['eth_getStorageAt', 'a 33-byte slot', [A4, `0x${'0'.repeat(65)}`, 'latest'], /^invalid argument 1: /],
  ['eth_getStorageAt', 'no slot', [A4], /^missing value for required argument 1$/],
  ['eth_getTransactionCount', 'a numeric block', [A4, 7], /^invalid argument 1: /],
  ['eth_getCode', 'a numeric address', [42], /^invalid argument 0: /],
  ['eth_getCode', 'a third argument', [A4, 'latest', 'extra'], /^too many arguments, want at most 2$/],
  ['txpool_status', 'an argument', [1], /^too many arguments, want at most 0$/],
  ['txpool_content', 'an argument', ['x'], /^too many arguments, want at most 0$/],
  ['txpool_inspect', 'two arguments', [null, 1], /^too many arguments, want at most 0$/],
  ['txpool_contentFrom', 'no address', [], /^missing value for required argument 0$/],
  ['txpool_contentFrom', 'a short address', ['0x123'], /^invalid argument 0: /],
];

describe.each(['in-process', 'cluster'] as const)('account state through the %s gateway', (kind) => {
  let stack: PhotonStack;
  let writer: ChainWriter;
  let chain: TokenChain;

  beforeAll(async () => {
    stack = await startPhotonStack(kind, {
      blockTimeMs: BLOCK_TIME_MS,
      extraArgs: ['--rpc-api', 'eth,net,web3,txpool'],
    });
    writer = new ChainWriter(stack.devnetUrl);
    // The deploy block also carries 1 ether from account 6 to account 5.
    chain = await putTokenChain(writer, {
      name: 'Photon State Token',
      symbol: 'PST',
      toAccount5: TOKENS_TO_5,
      alongside: [{ account: 6, tx: { to: A5, value: parseEther('1'), gasLimit: 21_000n } }],
    });
    // Written to the devnet directly: `latest` through the tier follows the engine's commit a moment later.
    await untilTierHead(stack.httpUrl, chain.transferHeight);
  });
  afterAll(() => stack?.stop());

  const get = <T = string>(method: string, params: unknown[]) => call<T>(stack.httpUrl, method, params);

  it('default: balances, nonces, code and storage at the head', async () => {
    const before = q(chain.deployHeight - 1n);
    const received =
      BigInt(await get('eth_getBalance', [A5, 'latest'])) - BigInt(await get('eth_getBalance', [A5, before]));
    expect(received).toBe(parseEther('1'));
    // Account 6 paid the ether and the gas of its transfer.
    const paid =
      BigInt(await get('eth_getBalance', [A6, before])) - BigInt(await get('eth_getBalance', [A6]));
    expect(paid).toBeGreaterThan(parseEther('1'));

    expect(await get('eth_getTransactionCount', [A4, 'latest'])).toBe('0x2');
    expect(await get('eth_getTransactionCount', [A6])).toBe('0x1');
    expect(await get('eth_getTransactionCount', [A5, 'latest'])).toBe('0x0');

    const code = await get('eth_getCode', [chain.token, 'latest']);
    expect(code).toMatch(/^0x6080/);
    expect(code.length).toBeGreaterThan(2 + 2 * 500);
    expect(await get('eth_getCode', [A5, 'latest'])).toBe('0x');

    expect(await get('eth_getStorageAt', [chain.token, TOTAL_SUPPLY_SLOT, 'latest'])).toBe(
      word(INITIAL_SUPPLY),
    );
    expect(await get('eth_getStorageAt', [chain.token, balanceSlot(A5)])).toBe(word(TOKENS_TO_5));
    expect(await get('eth_getStorageAt', [A5, '0x0', 'latest'])).toBe(word(0n));
  });

  it('args: older heights by number, tag and EIP-1898 selectors', async () => {
    const { token, deployHeight, transferHeight } = chain;
    const beforeDeploy = q(deployHeight - 1n);
    expect(await get('eth_getCode', [token, beforeDeploy])).toBe('0x');
    expect(await get('eth_getTransactionCount', [A4, beforeDeploy])).toBe('0x0');
    expect(await get('eth_getTransactionCount', [A4, 'earliest'])).toBe('0x0');
    expect(await get('eth_getStorageAt', [token, balanceSlot(A5), q(transferHeight - 1n)])).toBe(word(0n));
    expect(await get('eth_getStorageAt', [token, balanceSlot(A5), q(transferHeight)])).toBe(
      word(TOKENS_TO_5),
    );

    const deployHash = await cometBlockHash(writer.devnet, deployHeight);
    const latestCode = await get('eth_getCode', [token]);
    for (const selector of [
      deployHash,
      { blockHash: deployHash },
      { blockHash: deployHash, requireCanonical: true },
      { blockNumber: q(deployHeight) },
    ]) {
      expect(await get('eth_getTransactionCount', [A4, selector])).toBe('0x1');
      expect(await get('eth_getCode', [token, selector])).toBe(latestCode);
      expect(await get('eth_getStorageAt', [token, balanceSlot(A5), selector])).toBe(word(0n));
    }
    const beforeHash = await cometBlockHash(writer.devnet, deployHeight - 1n);
    const atDeploy = await get('eth_getBalance', [A5, { blockHash: deployHash }]);
    const beforeIt = await get('eth_getBalance', [A5, { blockHash: beforeHash }]);
    expect(BigInt(atDeploy) - BigInt(beforeIt)).toBe(parseEther('1'));
  });

  it('error: state at a block the engine does not have is header not found (block 0 is earliest)', async () => {
    for (const method of ['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode']) {
      expect(await callError(stack.httpUrl, method, [A4, '0xffffffff'])).toEqual({
        code: -32000,
        message: 'header not found',
      });
      // Block 0 is no engine height: read as `earliest` (the first height), as Ethermint does.
      expect(await rpc(stack.httpUrl, method, [A4, '0x0'])).toEqual(
        await rpc(stack.httpUrl, method, [A4, 'earliest']),
      );
      expect(await callError(stack.httpUrl, method, [A4, { blockHash: UNKNOWN_HASH }])).toEqual({
        code: -32000,
        message: 'header for hash not found',
      });
    }
    expect(await callError(stack.httpUrl, 'eth_getStorageAt', [A4, '0x0', '0xffffffff'])).toEqual({
      code: -32000,
      message: 'header not found',
    });
  });

  it('behavior: pending nonce and txpool show a tx in the mempool; a nonce gap is refused', async () => {
    const value = parseEther('0.5');
    // Broadcast right after a block: the tx then waits about a block time for the next one.
    const pendingRaw = await writer.sign(6, { to: A5, value, gasLimit: 21_000n });
    const gapRaw = await devWallet(6).signTransaction({
      chainId: 9000n,
      nonce: 3,
      type: 2,
      to: A5,
      value: 1n,
      gasLimit: 21_000n,
      maxFeePerGas: GAS_PRICE,
      maxPriorityFeePerGas: 1n,
    });
    const head = await writer.devnet.latestHeight();
    await waitFor(async () => (await writer.devnet.latestHeight()) > head, {
      what: 'a fresh block',
      intervalMs: 10,
    });
    expect(await writer.devnet.broadcast(pendingRaw)).toMatchObject({ code: 0 });
    // Ethermint's CheckTx admits only the next nonce, so a tx after a gap never reaches the pool.
    expect((await writer.devnet.broadcast(gapRaw)).log).toMatch(/invalid nonce; got 3, expected 2/);

    const pendingNonce = await get('eth_getTransactionCount', [A6, 'pending']);
    const latestNonce = await get('eth_getTransactionCount', [A6, 'latest']);
    const status = await rpcResult('txpool_status');
    const content = await rpcResult<TxpoolContent>('txpool_content');
    const inspect = await rpcResult<TxpoolInspect>('txpool_inspect');
    const fromSender = await rpcResult('txpool_contentFrom', [A6]);
    const fromOther = await rpcResult('txpool_contentFrom', [A5]);
    // Only meaningful if the tx was still pending once every answer was in.
    const mempool = await writer.devnet.call<{ n_txs: string }>('unconfirmed_txs', {});
    expect(mempool.n_txs).toBe('1');

    expect(pendingNonce).toBe('0x2');
    expect(latestNonce).toBe('0x1');
    expect(status).toEqual({ pending: '0x1', queued: '0x0' });
    expectValidComponent('TxpoolStatus', status);
    expectValidComponent('TxpoolContent', content);
    const sender = getAddress(A6);
    const tx = Transaction.from(pendingRaw);
    expect(Object.keys(content.pending)).toEqual([sender]);
    expect(content.queued).toEqual({});
    expect(content.pending[sender]?.['1']).toMatchObject({
      hash: tx.hash,
      from: A6,
      to: A5,
      nonce: '0x1',
      value: q(value),
      blockHash: null,
      blockNumber: null,
      transactionIndex: null,
    });
    // txpool_contentFrom: the same pending entries of one sender, keyed by nonce alone.
    expectValidComponent('TxpoolContentFromResult', fromSender);
    expect(fromSender).toEqual({ pending: content.pending[sender], queued: {} });
    expect(fromOther).toEqual({ pending: {}, queued: {} });
    expect(inspect).toEqual({
      pending: { [sender]: { '1': `${getAddress(A5)}: ${value} wei + 21000 gas × ${GAS_PRICE} wei` } },
      queued: {},
    });

    await writer.devnet.waitForInclusion(tx.hash ?? '');
    expect(await get('eth_getTransactionCount', [A6, 'pending'])).toBe('0x2');
    // `latest` is the tier's head, which the engine's NewBlockHeader event moves a moment after the commit.
    await waitFor(async () => (await get('eth_getTransactionCount', [A6, 'latest'])) === '0x2', {
      what: 'the latest nonce after inclusion',
    });
    expect(await rpcResult('txpool_status')).toEqual({ pending: '0x0', queued: '0x0' });
    expect(await rpcResult('txpool_content')).toEqual({ pending: {}, queued: {} });
  });

  it.each(BAD_PARAMS)(
    'error: %s with %s is -32602 naming the argument',
    async (method, _what, params, message) => {
      const error = await callError(stack.httpUrl, method, params);
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(message);
    },
  );

  async function rpcResult<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    const reply = await rpc<T>(stack.httpUrl, method, params);
    if (reply.error !== undefined) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
    return reply.result as T;
  }
});
