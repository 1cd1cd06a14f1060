// eth_getLogs through the gateway, in-process and over NATS, on a devnet holding a token deploy and token
// moves: the logs are those of the receipts, filters select by address list, positional topics with
// alternatives and nulls, or block hash, and the stack runs with small caps so both limit errors are cheap.
import type { RpcBlock, RpcLog, RpcReceipt } from '@photon/codec';
import { type PhotonStack, startPhotonStack, waitFor } from '@photon/testing';
import { toQuantity, zeroPadValue } from 'ethers';
import {
  APPROVAL_TOPIC,
  ChainWriter,
  type QueryChain,
  type SentTx,
  TRANSFER_TOPIC,
  putQueryChain,
  tokenCall,
} from './query-chain';
import { call, callError } from './query-rpc';

jest.setTimeout(120_000);

const MAX_BLOCK_RANGE = 10;
/** The chain holds 5 logs: deploy 1, token moves 3, later 1. */
const MAX_RESULTS = 4;
const q = (value: bigint | number): string => toQuantity(value);
const topicOf = (address: string): string => zeroPadValue(address, 32);
const OTHER_ADDRESS = `0x${'42'.repeat(20)}`;
const OTHER_TOPIC = `0x${'42'.repeat(32)}`;

describe.each(['in-process', 'cluster'] as const)('query: eth_getLogs (%s)', (kind) => {
  let stack: PhotonStack;
  let writer: ChainWriter;
  let chain: QueryChain;
  let url: string;
  /** The logs of every receipt, in chain order. */
  let receiptLogs: RpcLog[];

  const getLogs = (filter: Record<string, unknown>): Promise<RpcLog[]> => call(url, 'eth_getLogs', [filter]);
  /** The deploy block up to the token moves' block: 4 logs, within both caps. */
  const fitting = (): { fromBlock: string; toBlock: string } => ({
    fromBlock: q(chain.deploy.height),
    toBlock: q(chain.tokenMoves[0].height),
  });
  const logsOf = (...sent: SentTx[]): RpcLog[] =>
    receiptLogs.filter((log) => sent.some((tx) => tx.hash === log.transactionHash));

  beforeAll(async () => {
    stack = await startPhotonStack(kind, {
      blockTimeMs: 400,
      extraArgs: [
        '--log-level',
        'warn',
        '--logs-max-block-range',
        String(MAX_BLOCK_RANGE),
        '--logs-max-results',
        String(MAX_RESULTS),
      ],
    });
    url = stack.httpUrl;
    writer = new ChainWriter(stack.devnetUrl);
    chain = await putQueryChain(writer);
    const sent = [chain.deploy, ...chain.tokenMoves, chain.later];
    const receipts = await Promise.all(
      sent.map((tx) => call<RpcReceipt>(url, 'eth_getTransactionReceipt', [tx.hash])),
    );
    receiptLogs = receipts.flatMap((receipt) => receipt.logs);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('default: the logs of a range are exactly those of its receipts', async () => {
    const logs = await getLogs(fitting());
    expect(logs).toHaveLength(4);
    expect(logs).toEqual(logsOf(chain.deploy, ...chain.tokenMoves));
    expect(await getLogs({ fromBlock: q(chain.later.height), toBlock: q(chain.later.height) })).toEqual(
      logsOf(chain.later),
    );
  });

  it('default: the logs of one block by hash are those of its receipts and of eth_getBlockReceipts', async () => {
    for (const sent of [chain.deploy, chain.tokenMoves[0], chain.later]) {
      const block = await call<RpcBlock>(url, 'eth_getBlockByNumber', [q(sent.height), false]);
      const receipts = await call<RpcReceipt[]>(url, 'eth_getBlockReceipts', [block.hash]);
      const logs = await getLogs({ blockHash: block.hash });
      expect(logs).toEqual(receipts.flatMap((receipt) => receipt.logs));
      expect(logs.map((log) => log.logIndex)).toEqual(logs.map((_, index) => q(index)));
    }
    expect(
      await getLogs({ blockHash: (await call<RpcBlock>(url, 'eth_getBlockByNumber', ['0x1', false])).hash }),
    ).toEqual([]);
  });

  it('args: an address or address list keeps the logs of any of them', async () => {
    const all = logsOf(chain.deploy, ...chain.tokenMoves);
    expect(await getLogs({ ...fitting(), address: chain.token })).toEqual(all);
    expect(await getLogs({ ...fitting(), address: [OTHER_ADDRESS, chain.token] })).toEqual(all);
    expect(await getLogs({ ...fitting(), address: [OTHER_ADDRESS] })).toEqual([]);
    expect(await getLogs({ ...fitting(), address: [] })).toEqual(all);
  });

  it('args: topics by position, with alternatives and null wildcards', async () => {
    const [a1, a2, a3] = chain.accounts;
    const [toA2, toA3, approve] = chain.tokenMoves;
    const cases: [unknown[], SentTx[]][] = [
      [[TRANSFER_TOPIC], [chain.deploy, toA2, toA3]],
      [[[TRANSFER_TOPIC, APPROVAL_TOPIC]], [chain.deploy, toA2, toA3, approve]],
      [[APPROVAL_TOPIC], [approve]],
      [
        [null, topicOf(a1)],
        [toA2, toA3],
      ],
      [[null, [topicOf(a3), topicOf(a2)]], [approve]],
      [[TRANSFER_TOPIC, null, topicOf(a3)], [toA3]],
      [
        [[], null, [topicOf(a1), topicOf(a2)]],
        [chain.deploy, toA2, approve],
      ],
      [[[TRANSFER_TOPIC, null]], [chain.deploy, toA2, toA3, approve]],
      [[OTHER_TOPIC], []],
      // Transfer and Approval logs have three topics: a fourth position matches none of them.
      [[null, null, null, null], []],
      [[], [chain.deploy, toA2, toA3, approve]],
    ];
    for (const [topics, expected] of cases) {
      expect([topics, await getLogs({ ...fitting(), topics })]).toEqual([topics, logsOf(...expected)]);
    }
  });

  it('args: the block hash form takes addresses and topics too', async () => {
    const block = await call<RpcBlock>(url, 'eth_getBlockByNumber', [q(chain.tokenMoves[0].height), false]);
    const [toA2, toA3, approve] = chain.tokenMoves;
    expect(await getLogs({ blockHash: block.hash, topics: [TRANSFER_TOPIC] })).toEqual(logsOf(toA2, toA3));
    expect(
      await getLogs({ blockHash: block.hash, address: [chain.token], topics: [APPROVAL_TOPIC] }),
    ).toEqual(logsOf(approve));
    expect(await getLogs({ blockHash: block.hash, address: OTHER_ADDRESS })).toEqual([]);
  });

  it('args: absent bounds and head tags read the latest block', async () => {
    const [, a2] = chain.accounts;
    const [sent] = await writer.sendTogether([
      await writer.sign(3, tokenCall(chain.token, 'transfer', [a2, 1n])),
    ]);
    if (sent === undefined) throw new Error('nothing sent');
    const receipt = await call<RpcReceipt>(url, 'eth_getTransactionReceipt', [sent.hash]);
    expect(receipt.logs).toHaveLength(1);
    // The head is at most a block or two past the new log, well within the range cap.
    for (const tag of ['latest', 'pending', 'safe', 'finalized']) {
      expect(await getLogs({ fromBlock: q(sent.height), toBlock: tag })).toEqual(receipt.logs);
    }
    expect(await getLogs({ fromBlock: q(sent.height) })).toEqual(receipt.logs);
    expect(await getLogs({ fromBlock: 'earliest', toBlock: 'earliest' })).toEqual([]);
    await waitFor(async () => BigInt(await call<string>(url, 'eth_blockNumber')) > sent.height, {
      what: 'a block after the new log',
    });
    // Nothing is sent any more, so the latest block has no logs.
    expect(await getLogs({})).toEqual([]);
    expect(await getLogs({ fromBlock: 'latest', address: chain.token })).toEqual([]);
  });

  it('error: a range over the block cap is -32005 naming the range that fits', async () => {
    const from = chain.deploy.height;
    const to = from + BigInt(MAX_BLOCK_RANGE);
    await waitFor(async () => BigInt(await call<string>(url, 'eth_blockNumber')) >= to, {
      what: `block ${to}`,
      timeoutMs: 20_000,
    });
    const error = await callError(url, 'eth_getLogs', [{ fromBlock: q(from), toBlock: q(to) }]);
    const fits = { from: q(from), to: q(to - 1n) };
    expect(error).toEqual({
      code: -32005,
      message: `query exceeds max block range ${MAX_BLOCK_RANGE}. Try with this block range [${fits.from}, ${fits.to}].`,
      data: fits,
    });
    expect(await getLogs({ fromBlock: fits.from, toBlock: fits.to, topics: [APPROVAL_TOPIC] })).toEqual(
      logsOf(chain.tokenMoves[2]),
    );
  });

  it('error: more logs than the result cap is -32005 naming the range whose logs fit', async () => {
    const range = { fromBlock: q(chain.deploy.height), toBlock: q(chain.later.height) };
    const error = await callError(url, 'eth_getLogs', [range]);
    // Deploy and token moves make 4 logs; the later block's one is the fifth.
    const fits = { from: range.fromBlock, to: q(chain.later.height - 1n) };
    expect(error).toEqual({
      code: -32005,
      message: `query returned more than ${MAX_RESULTS} results. Try with this block range [${fits.from}, ${fits.to}].`,
      data: fits,
    });
    expect(await getLogs({ fromBlock: fits.from, toBlock: fits.to })).toHaveLength(MAX_RESULTS);
    // A filter that keeps the result under the cap reads the same range.
    expect(await getLogs({ ...range, topics: [TRANSFER_TOPIC] })).toEqual(
      logsOf(chain.deploy, chain.tokenMoves[0], chain.tokenMoves[1], chain.later),
    );
  });

  it("error: geth's range errors", async () => {
    const head = BigInt(await call<string>(url, 'eth_blockNumber'));
    expect(await callError(url, 'eth_getLogs', [{ fromBlock: '0x5', toBlock: '0x3' }])).toEqual({
      code: -32000,
      message: 'invalid block range params',
    });
    expect(await callError(url, 'eth_getLogs', [{ fromBlock: q(head), toBlock: q(head + 1_000n) }])).toEqual({
      code: -32602,
      message: 'block range extends beyond current head block',
    });
    expect(await callError(url, 'eth_getLogs', [{ fromBlock: q(head + 1_000n), toBlock: 'latest' }])).toEqual(
      {
        code: -32602,
        message: 'invalid block range params',
      },
    );
    expect(await callError(url, 'eth_getLogs', [{ blockHash: `0x${'ab'.repeat(32)}` }])).toEqual({
      code: -32000,
      message: 'unknown block',
    });
  });

  it.each([
    [[], 'missing value for required argument 0'],
    [['latest'], 'invalid argument 0: '],
    [[{ fromBlock: 5 }], 'invalid argument 0: '],
    [[{ toBlock: 'newest' }], 'invalid argument 0: '],
    [[{ address: '0x1234' }], 'invalid argument 0: '],
    [[{ address: [7] }], 'invalid argument 0: '],
    [[{ topics: ['0x12'] }], 'invalid argument 0: '],
    [[{ topics: 'nope' }], 'invalid argument 0: '],
    [[{ topics: [null, null, null, null, null] }], 'invalid argument 0: '],
    [[{ blockHash: '0x12' }], 'invalid argument 0: '],
    [
      [{ blockHash: `0x${'ab'.repeat(32)}`, fromBlock: '0x1' }],
      'invalid argument 0: cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other',
    ],
    [[{}, {}], 'too many arguments, want at most 1'],
  ])('error: eth_getLogs(%j) is -32602 %s…', async (params, message) => {
    const error = await callError(url, 'eth_getLogs', params);
    expect(error.code).toBe(-32602);
    expect(error.message.startsWith(message)).toBe(true);
  });
});
