// What geth 1.11 (upstream's reference node, `start-geth` with --http.api eth,net,web3,debug) answers to
// the calls test_types.py makes of both nodes. Only the shape matters there (same_types), so each
// answer keeps geth's keys and JSON types; values are representative.
const HASH = `0x${'ab'.repeat(32)}`;
const ADDRESS = '0x57f96e6b86cdefdb3d412547816a82e3e0ebf9d2';
const reply = (result: unknown) => ({ jsonrpc: '2.0', id: 1, result });
const error = (code: number, message: string) => ({ jsonrpc: '2.0', id: 1, error: { code, message } });

/** A pre-Shanghai geth 1.11 block header (london, clique): no withdrawals, no blob fields. */
const GETH_BLOCK = {
  baseFeePerGas: '0x3b9aca00',
  difficulty: '0x2',
  extraData: '0x',
  gasLimit: '0x1c9c380',
  gasUsed: '0x0',
  hash: HASH,
  logsBloom: `0x${'00'.repeat(256)}`,
  miner: ADDRESS,
  mixHash: HASH,
  nonce: '0x0000000000000000',
  number: '0x2',
  parentHash: HASH,
  receiptsRoot: HASH,
  sha3Uncles: HASH,
  size: '0x261',
  stateRoot: HASH,
  timestamp: '0x6543210f',
  totalDifficulty: '0x5',
  transactions: [],
  transactionsRoot: HASH,
  uncles: [],
};

export const GETH = {
  block: reply(GETH_BLOCK),
  null: reply(null),
  quantity: reply('0x1'),
  address: reply(ADDRESS),
  data: reply('0x'),
  false: reply(false),
  accounts: reply([ADDRESS]),
  feeHistory: reply({
    oldestBlock: '0x1',
    reward: [['0x0', '0x0']],
    baseFeePerGas: ['0x3b9aca00'],
    gasUsedRatio: [0],
  }),
  invalidHash: error(-32602, 'invalid argument 0: hex string has length 1, want 64 for common.Hash'),
  invalidAddress: error(-32602, 'invalid argument 0: hex string has length 1, want 40 for common.Address'),
  headerNotFound: error(-32000, 'header not found'),
  beyondHead: error(-32000, 'request beyond head block: requested 20480, head 10'),
  emptyFrom: error(-32602, 'invalid argument 0: hex string has length 0, want 40 for common.Address'),
} as const;
