// Result formatters: the Ethereum records of @photon/types → the JSON-RPC wire objects.
export { formatBlock } from './format-block';
export { formatLog } from './format-log';
export { formatReceipt } from './format-receipt';
export { formatTransaction } from './format-transaction';
export { EMPTY_TRIE_ROOT, EMPTY_UNCLES_HASH, ZERO_HASH, ZERO_NONCE } from './constants';
export type { RpcAccessListEntry, RpcBlock, RpcLog, RpcReceipt, RpcTransaction } from './rpc-types';
