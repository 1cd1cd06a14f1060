// What Photon's gateway answers at its edge once asked (committed blocks, receipts, log ranges, the head, the
// chain id): the relay answers these from its map and sends everything else over NATS.
export const EDGE_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_chainId',
  'eth_getBlockByNumber',
  'eth_getTransactionReceipt',
  'eth_getLogs',
]);
