// Blocks, transactions, receipts and uncles through the gateway, in-process and over NATS, against a devnet
// holding transfers of each tx type, a token deploy, token moves with logs and a revert: every answer is
// compared with what was signed and with the devnet's own CometBFT blocks, and checked against the schema.
import type { RpcBlock, RpcLog, RpcReceipt, RpcTransaction } from '@photon/codec';
import { DevnetClient, type PhotonStack, devWallet, startPhotonStack, waitFor } from '@photon/testing';
import { Transaction, toBeHex, toQuantity, zeroPadValue } from 'ethers';
import {
  APPROVAL_TOPIC,
  ChainWriter,
  GAS_PRICE,
  INITIAL_SUPPLY,
  type QueryChain,
  type SentTx,
  TOKEN_AMOUNTS,
  TRANSFER_TOPIC,
  cometBlockHash,
  putQueryChain,
} from './query-chain';
import { call, callError } from './query-rpc';

jest.setTimeout(120_000);

const q = (value: bigint | number): string => toQuantity(value);
const topicOf = (address: string): string => zeroPadValue(address, 32);
const UNKNOWN_HASH = `0x${'ab'.repeat(32)}`;
/** The devnet's block time here: long enough that a batch sent right after a block makes the next one. */
const BLOCK_TIME_MS = 400;

/** The wire transaction ethers' parse of the signed bytes says it must be, at its place in `block`. */
function expectedTransaction(sent: SentTx, block: RpcBlock): Record<string, unknown> {
  const { tx } = sent;
  const signature = tx.signature;
  if (signature === null) throw new Error('unsigned');
  const typed = tx.type !== 0;
  return {
    blockHash: block.hash,
    blockNumber: block.number,
    blockTimestamp: block.timestamp,
    from: tx.from?.toLowerCase(),
    gas: q(tx.gasLimit),
    gasPrice: q(tx.type === 2 ? effectivePrice(tx, BigInt(block.baseFeePerGas)) : (tx.gasPrice ?? -1n)),
    ...(tx.type === 2
      ? { maxFeePerGas: q(tx.maxFeePerGas ?? -1n), maxPriorityFeePerGas: q(tx.maxPriorityFeePerGas ?? -1n) }
      : {}),
    hash: sent.hash,
    input: tx.data.toLowerCase(),
    nonce: q(tx.nonce),
    to: tx.to?.toLowerCase() ?? null,
    transactionIndex: q(sent.index),
    value: q(tx.value),
    type: q(tx.type ?? 0),
    ...(typed
      ? {
          accessList: (tx.accessList ?? []).map((entry) => ({
            address: entry.address.toLowerCase(),
            storageKeys: entry.storageKeys.map((key) => key.toLowerCase()),
          })),
        }
      : {}),
    chainId: q(tx.chainId),
    // EIP-155: a legacy v carries the chain id; a typed tx's v is its y parity.
    v: q(typed ? signature.yParity : tx.chainId * 2n + 35n + BigInt(signature.yParity)),
    r: q(BigInt(signature.r)),
    s: q(BigInt(signature.s)),
    ...(typed ? { yParity: q(signature.yParity) } : {}),
  };
}

function effectivePrice(tx: Transaction, baseFee: bigint): bigint {
  const cap = tx.maxFeePerGas ?? 0n;
  const tipped = baseFee + (tx.maxPriorityFeePerGas ?? 0n);
  return tipped < cap ? tipped : cap;
}

describe.each(['in-process', 'cluster'] as const)('query: blocks, transactions, receipts (%s)', (kind) => {
  let stack: PhotonStack;
  let devnet: DevnetClient;
  let writer: ChainWriter;
  let chain: QueryChain;
  let url: string;
  /** The batches' blocks, as served, by height. */
  const blocks = new Map<bigint, RpcBlock<string>>();

  const blockOf = (height: bigint): RpcBlock<string> => {
    const found = blocks.get(height);
    if (found === undefined) throw new Error(`block ${height} not read`);
    return found;
  };
  const allSent = (): SentTx[] => [...chain.transfers, chain.deploy, ...chain.tokenMoves, chain.later];
  const batches = (): (readonly SentTx[])[] => [
    chain.transfers,
    [chain.deploy],
    chain.tokenMoves,
    [chain.later],
  ];

  beforeAll(async () => {
    stack = await startPhotonStack(kind, { blockTimeMs: BLOCK_TIME_MS, extraArgs: ['--log-level', 'warn'] });
    url = stack.httpUrl;
    devnet = new DevnetClient(stack.devnetUrl);
    writer = new ChainWriter(stack.devnetUrl);
    chain = await putQueryChain(writer);
    for (const batch of batches()) {
      const height = batch[0]?.height ?? -1n;
      blocks.set(height, await call<RpcBlock<string>>(url, 'eth_getBlockByNumber', [q(height), false]));
    }
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('default: eth_blockNumber follows the devnet head', async () => {
    const number = BigInt(await call<string>(url, 'eth_blockNumber'));
    expect(number).toBeGreaterThanOrEqual(chain.later.height);
    // The tier's head is pushed by the engine: it may trail the engine, never lead it.
    expect(number).toBeLessThanOrEqual(await devnet.latestHeight());
  });

  it('default: a block by number or hash has the CometBFT hash and parent, and the txs sent', async () => {
    for (const batch of batches()) {
      const height = batch[0]?.height ?? -1n;
      const block = blockOf(height);
      expect(block.number).toBe(q(height));
      expect(block.hash).toBe(await cometBlockHash(devnet, height));
      expect(block.parentHash).toBe(await cometBlockHash(devnet, height - 1n));
      expect(block.transactions).toEqual(batch.map((sent) => sent.hash));
      expect(block.miner).toBe(devWallet(0).address.toLowerCase());
      expect(block.gasLimit).toBe(q(30_000_000n));
      expect(await call(url, 'eth_getBlockByHash', [block.hash, false])).toEqual(block);

      const hydrated = await call<RpcBlock<RpcTransaction>>(url, 'eth_getBlockByNumber', [q(height), true]);
      expect({ ...hydrated, transactions: [] }).toEqual({ ...block, transactions: [] });
      expect(hydrated.transactions).toEqual(batch.map((sent) => expectedTransaction(sent, block)));
      expect(await call(url, 'eth_getBlockByHash', [block.hash, true])).toEqual(hydrated);
    }
  });

  it('behavior: gasUsed and logsBloom of a block agree with its receipts', async () => {
    for (const batch of batches()) {
      const block = blockOf(batch[0]?.height ?? -1n);
      const receipts = await call<RpcReceipt[]>(url, 'eth_getBlockReceipts', [block.number]);
      const last = receipts[receipts.length - 1];
      expect(block.gasUsed).toBe(last?.cumulativeGasUsed);
      const hasLogs = receipts.some((receipt) => receipt.logs.length > 0);
      expect(/^0x0+$/.test(block.logsBloom)).toBe(!hasLogs);
    }
  });

  it('default: a tx by hash is what was signed, and the same by block hash, number and index', async () => {
    for (const sent of allSent()) {
      const block = blockOf(sent.height);
      const expected = expectedTransaction(sent, block);
      expect(await call(url, 'eth_getTransactionByHash', [sent.hash])).toEqual(expected);
      const index = q(sent.index);
      expect(await call(url, 'eth_getTransactionByBlockHashAndIndex', [block.hash, index])).toEqual(expected);
      expect(await call(url, 'eth_getTransactionByBlockNumberAndIndex', [block.number, index])).toEqual(
        expected,
      );
      expect(await call(url, 'eth_getTransactionbyBlockNumberAndIndex', [block.number, index])).toEqual(
        expected,
      );
    }
  });

  it('default: receipts carry status, running gas sums, the contract address and block-wide logs', async () => {
    const [a1, a2, a3] = chain.accounts;
    for (const batch of batches()) {
      let running = 0n;
      for (const sent of batch) {
        const receipt = await call<RpcReceipt>(url, 'eth_getTransactionReceipt', [sent.hash]);
        running += BigInt(receipt.gasUsed);
        const block = blockOf(sent.height);
        expect(receipt).toMatchObject({
          blockHash: block.hash,
          blockNumber: block.number,
          transactionHash: sent.hash,
          transactionIndex: q(sent.index),
          from: sent.tx.from?.toLowerCase(),
          to: sent.tx.to?.toLowerCase() ?? null,
          type: q(sent.tx.type ?? 0),
          cumulativeGasUsed: q(running),
          contractAddress: sent === chain.deploy ? chain.token : null,
          status: sent === chain.tokenMoves[3] ? '0x0' : '0x1',
          effectiveGasPrice: q(
            sent.tx.type === 2 ? effectivePrice(sent.tx, BigInt(block.baseFeePerGas)) : GAS_PRICE,
          ),
        });
      }
    }
    const gasUsed = async (sent: SentTx) =>
      (await call<RpcReceipt>(url, 'eth_getTransactionReceipt', [sent.hash])).gasUsed;
    expect(await gasUsed(chain.transfers[0])).toBe(q(21_000));
    expect(await gasUsed(chain.transfers[1])).toBe(q(21_000));
    // EIP-2930: an address and one storage key on the access list.
    expect(await gasUsed(chain.transfers[2])).toBe(q(21_000 + 2_400 + 1_900));

    const logsOf = async (sent: SentTx) =>
      (await call<RpcReceipt>(url, 'eth_getTransactionReceipt', [sent.hash])).logs;
    const log = (sent: SentTx, logIndex: number, topics: string[], value: bigint): RpcLog => ({
      address: chain.token,
      topics,
      data: toBeHex(value, 32),
      blockNumber: q(sent.height),
      transactionHash: sent.hash,
      transactionIndex: q(sent.index),
      blockHash: blockOf(sent.height).hash,
      blockTimestamp: blockOf(sent.height).timestamp,
      logIndex: q(logIndex),
      removed: false,
    });
    const zero = `0x${'00'.repeat(20)}`;
    const [toA2, toA3, approve, reverted] = chain.tokenMoves;
    expect(await logsOf(chain.deploy)).toEqual([
      log(chain.deploy, 0, [TRANSFER_TOPIC, topicOf(zero), topicOf(a1)], INITIAL_SUPPLY),
    ]);
    expect(await logsOf(toA2)).toEqual([
      log(toA2, 0, [TRANSFER_TOPIC, topicOf(a1), topicOf(a2)], TOKEN_AMOUNTS.toAccount2),
    ]);
    expect(await logsOf(toA3)).toEqual([
      log(toA3, 1, [TRANSFER_TOPIC, topicOf(a1), topicOf(a3)], TOKEN_AMOUNTS.toAccount3),
    ]);
    expect(await logsOf(approve)).toEqual([
      log(approve, 2, [APPROVAL_TOPIC, topicOf(a3), topicOf(a1)], TOKEN_AMOUNTS.approved),
    ]);
    expect(await logsOf(reverted)).toEqual([]);
    expect(await logsOf(chain.transfers[0])).toEqual([]);
  });

  it('default: eth_getBlockReceipts lists the receipts by hash, by number, hash or EIP-1898 object', async () => {
    for (const batch of batches()) {
      const block = blockOf(batch[0]?.height ?? -1n);
      const receipts = await Promise.all(
        batch.map((sent) => call<RpcReceipt>(url, 'eth_getTransactionReceipt', [sent.hash])),
      );
      expect(await call(url, 'eth_getBlockReceipts', [block.number])).toEqual(receipts);
      expect(await call(url, 'eth_getBlockReceipts', [block.hash])).toEqual(receipts);
      expect(await call(url, 'eth_getBlockReceipts', [{ blockHash: block.hash }])).toEqual(receipts);
      expect(await call(url, 'eth_getBlockReceipts', [{ blockNumber: block.number }])).toEqual(receipts);
    }
  });

  it('behavior: transaction counts are quantities, latest when no block is named', async () => {
    const block = blockOf(chain.tokenMoves[0].height);
    expect(await call(url, 'eth_getBlockTransactionCountByNumber', [block.number])).toBe('0x4');
    expect(await call(url, 'eth_getBlockTransactionCountByHash', [block.hash])).toBe('0x4');
    expect(await call(url, 'eth_getBlockTransactionCountByNumber', ['latest'])).toMatch(/^0x[0-9a-f]+$/);
    expect(await call(url, 'eth_getBlockTransactionCountByNumber', [])).toMatch(/^0x[0-9a-f]+$/);
    expect(await call(url, 'eth_getBlockTransactionCountByNumber', [q(chain.deploy.height)])).toBe('0x1');
  });

  it('behavior: block tags name the head (latest, pending, safe, finalized) and the first block', async () => {
    expect((await call<RpcBlock>(url, 'eth_getBlockByNumber', ['earliest', false])).number).toBe('0x1');
    for (const tag of ['latest', 'pending', 'safe', 'finalized']) {
      const block = await call<RpcBlock>(url, 'eth_getBlockByNumber', [tag, false]);
      expect(BigInt(block.number)).toBeGreaterThanOrEqual(chain.later.height);
      expect(block.hash).toBe(await cometBlockHash(devnet, BigInt(block.number)));
    }
  });

  it('behavior: unknown blocks and transactions are null', async () => {
    const future = q((await devnet.latestHeight()) + 1_000n);
    const known = blockOf(chain.deploy.height);
    const nulls: [string, unknown[]][] = [
      ['eth_getBlockByNumber', [future, false]],
      ['eth_getBlockByNumber', [future, true]],
      ['eth_getBlockByHash', [UNKNOWN_HASH, false]],
      ['eth_getBlockTransactionCountByNumber', [future]],
      ['eth_getBlockTransactionCountByHash', [UNKNOWN_HASH]],
      ['eth_getTransactionByHash', [UNKNOWN_HASH]],
      ['eth_getTransactionReceipt', [UNKNOWN_HASH]],
      ['eth_getTransactionByBlockHashAndIndex', [UNKNOWN_HASH, '0x0']],
      ['eth_getTransactionByBlockHashAndIndex', [known.hash, '0x1']],
      ['eth_getTransactionByBlockNumberAndIndex', [known.number, '0x63']],
      ['eth_getTransactionByBlockNumberAndIndex', [future, '0x0']],
      ['eth_getBlockReceipts', [future]],
      ['eth_getBlockReceipts', [UNKNOWN_HASH]],
    ];
    for (const [method, params] of nulls) {
      expect([method, await call(url, method, params)]).toEqual([method, null]);
    }
  });

  it('behavior: a known block has no uncles (count 0x0, uncles null); an unknown one counts null', async () => {
    const known = blockOf(chain.deploy.height);
    const future = q((await devnet.latestHeight()) + 1_000n);
    expect(await call(url, 'eth_getUncleCountByBlockHash', [known.hash])).toBe('0x0');
    expect(await call(url, 'eth_getUncleCountByBlockNumber', [known.number])).toBe('0x0');
    expect(await call(url, 'eth_getUncleCountByBlockNumber', ['latest'])).toBe('0x0');
    expect(await call(url, 'eth_getUncleCountByBlockHash', [UNKNOWN_HASH])).toBeNull();
    expect(await call(url, 'eth_getUncleCountByBlockNumber', [future])).toBeNull();
    expect(await call(url, 'eth_getUncleByBlockHashAndIndex', [known.hash, '0x0'])).toBeNull();
    expect(await call(url, 'eth_getUncleByBlockNumberAndIndex', [known.number, '0x0'])).toBeNull();
  });

  it.each([
    ['eth_blockNumber', ['latest'], 'too many arguments, want at most 0'],
    ['eth_getBlockByNumber', [true, false], 'invalid argument 0: '],
    ['eth_getBlockByNumber', ['latest', 'yes'], 'invalid argument 1: '],
    ['eth_getBlockByNumber', ['latest'], 'missing value for required argument 1'],
    ['eth_getBlockByHash', ['0x1234', false], 'invalid argument 0: '],
    ['eth_getBlockByHash', [UNKNOWN_HASH, 1], 'invalid argument 1: '],
    ['eth_getBlockTransactionCountByNumber', [{}], 'invalid argument 0: '],
    ['eth_getBlockTransactionCountByHash', [12], 'invalid argument 0: '],
    ['eth_getTransactionByHash', ['0xzz'], 'invalid argument 0: '],
    ['eth_getTransactionByHash', [], 'missing value for required argument 0'],
    ['eth_getTransactionByBlockHashAndIndex', [UNKNOWN_HASH, 'one'], 'invalid argument 1: '],
    ['eth_getTransactionByBlockHashAndIndex', [7, '0x0'], 'invalid argument 0: '],
    ['eth_getTransactionByBlockNumberAndIndex', ['latest', -1], 'invalid argument 1: '],
    ['eth_getTransactionByBlockNumberAndIndex', ['newest', '0x0'], 'invalid argument 0: '],
    ['eth_getTransactionbyBlockNumberAndIndex', ['latest', '0x'], 'invalid argument 1: '],
    ['eth_getTransactionReceipt', [123], 'invalid argument 0: '],
    ['eth_getBlockReceipts', [true], 'invalid argument 0: '],
    ['eth_getBlockReceipts', [{ blockHash: '0x12' }], 'invalid argument 0: '],
    ['eth_getUncleCountByBlockHash', ['latest'], 'invalid argument 0: '],
    ['eth_getUncleCountByBlockNumber', [false], 'invalid argument 0: '],
    ['eth_getUncleByBlockHashAndIndex', [UNKNOWN_HASH, null], 'missing value for required argument 1'],
    ['eth_getUncleByBlockHashAndIndex', [UNKNOWN_HASH, []], 'invalid argument 1: '],
    ['eth_getUncleByBlockNumberAndIndex', [1, '0x0'], 'invalid argument 0: '],
  ])('error: %s(%j) is -32602 %s…', async (method, params, message) => {
    const error = await callError(url, method, params);
    expect(error.code).toBe(-32602);
    expect(error.message.startsWith(message)).toBe(true);
  });

  it('behavior: a tx in the mempool is found by hash with null block fields, then as included', async () => {
    // Each of these wants a whole block's gas, so the devnet includes one per block: the last waits three.
    const hashes: string[] = [];
    for (let i = 0; i < 4; i++) {
      const raw = await writer.sign(3, { to: chain.accounts[0], value: 1n, gasLimit: 30_000_000n });
      const answer = await writer.devnet.broadcast(raw);
      expect(answer.code).toBe(0);
      hashes.push(Transaction.from(raw).hash ?? '');
    }
    const last = hashes[3] ?? '';
    const pending = await call<RpcTransaction>(url, 'eth_getTransactionByHash', [last]);
    expect(pending).toMatchObject({
      hash: last,
      from: chain.accounts[2],
      blockHash: null,
      blockNumber: null,
      transactionIndex: null,
      gasPrice: q(GAS_PRICE),
    });
    expect(await call(url, 'eth_getTransactionReceipt', [last])).toBeNull();

    const height = await devnet.waitForInclusion(last);
    await waitFor(async () => (await call(url, 'eth_getTransactionReceipt', [last])) !== null, {
      what: 'the receipt of the once-pending tx',
    });
    const included = await call<RpcTransaction>(url, 'eth_getTransactionByHash', [last]);
    expect(included).toMatchObject({ hash: last, blockNumber: q(height), transactionIndex: '0x0' });
    expect(included.blockHash).toBe(await cometBlockHash(devnet, height));
  });
});
