// The shape of one row of the method table: everything the router, the OpenRPC document and the
// handlers need to know about a wire method, without importing Nest or doing I/O.

/**
 * JSON-RPC namespaces: the prefix before the first underscore of a method name, or before the dot of
 * `rpc.`, the prefix JSON-RPC 2.0 reserves for system extensions (rpc.discover).
 */
export type Namespace =
  | 'web3'
  | 'net'
  | 'eth'
  | 'personal'
  | 'txpool'
  | 'debug'
  | 'miner'
  | 'admin'
  | 'clique'
  | 'les'
  | 'db'
  | 'shh'
  | 'rpc';

/** The services that can own a method; `none` means Photon does not serve it (-32601). */
export type ServiceName = 'query' | 'tx' | 'keystore' | 'events';
/** 'gateway': answered by the gateway itself (subscriptions live on its sockets); 'none': not served. */
export type MethodOwner = ServiceName | 'gateway' | 'none';

/**
 * How long the gateway waits for the owning service before it answers with a timeout error.
 * instant: local answers (2 s); read: one engine round trip (10 s); execute: EVM execution
 * (eth_call, estimateGas; 15 s); scan: range scans like eth_getLogs (30 s); submit: signing
 * and broadcasting (30 s). Rows owned by `none` are `instant`: the gateway answers them itself.
 */
export type TimeoutClass = 'instant' | 'read' | 'execute' | 'scan' | 'submit';

/** Status of the method in the interface inventory Photon started from. */
export type InventoryStatus = 'implemented' | 'unmarked' | 'n/a';

/** Wire types of parameters and results (execution-apis vocabulary). */
export type WireType =
  | 'QUANTITY'
  | 'QUANTITY_OR_NULL'
  // A plain JSON number where geth takes one (unlock durations, profiling seconds), never hex.
  | 'INTEGER'
  | 'DATA'
  | 'ADDRESS'
  | 'ADDRESS_LIST'
  | 'HASH32'
  | 'HASH32_LIST'
  // Storage keys: up to 32 bytes of hex, so ethers' quantity-style `0x0` slots stay valid.
  | 'STORAGE_SLOT'
  | 'STORAGE_SLOT_LIST'
  | 'STORAGE_REQUESTS'
  | 'STORAGE_VALUES'
  | 'BOOLEAN'
  | 'STRING'
  | 'BLOCK_TAG_OR_NUMBER'
  | 'BLOCK_ID'
  | 'TRANSACTION_CALL'
  | 'TRANSACTION_SEND'
  | 'STATE_OVERRIDES'
  | 'FILTER'
  | 'FILTER_ID'
  | 'SUBSCRIPTION_KIND'
  | 'SUBSCRIPTION_ID'
  | 'REWARD_PERCENTILES'
  | 'BLOCK'
  | 'BLOCK_OR_NULL'
  | 'TRANSACTION_OR_NULL'
  | 'RECEIPT'
  | 'RECEIPT_OR_NULL'
  | 'RECEIPT_LIST_OR_NULL'
  | 'LOG_LIST'
  | 'LOG_LIST_OR_NULL'
  | 'FILTER_CHANGES'
  | 'SYNCING'
  | 'FEE_HISTORY'
  | 'TXPOOL_STATUS'
  | 'TXPOOL_CONTENT'
  | 'TXPOOL_CONTENT_FROM'
  | 'TXPOOL_INSPECT'
  | 'SIGNED_TRANSACTION'
  | 'ACCOUNT_PROOF'
  | 'ACCESS_LIST_RESULT'
  // rpc.discover's answer: an OpenRPC document (the meta-schema checks it in the tests).
  | 'OPENRPC_DOCUMENT'
  | 'ANY'
  | 'NULL';

export interface ParamSpec {
  readonly name: string;
  readonly type: WireType;
  readonly required: boolean;
}

export interface MethodRow {
  readonly method: string;
  readonly namespace: Namespace;
  /** The service that owns the method in the target architecture. */
  readonly service: MethodOwner;
  readonly params: readonly ParamSpec[];
  readonly result: WireType;
  readonly timeout: TimeoutClass;
  readonly inventory: InventoryStatus;
  /** Set on alias rows: the canonical method this name is routed to. */
  readonly aliasOf?: string;
  /** One line for the OpenRPC document and the README. */
  readonly summary: string;
  /** Set when a gateway may answer a call of this method without a bus round trip (see EdgeAnswer). */
  readonly edge?: EdgeAnswer;
  /**
   * Rate-limit units one call spends (per batch item), set on rows that cost the tier more than a
   * plain read: EVM execution, range scans, broadcasts, scrypt. Unset: DEFAULT_METHOD_COST.
   */
  readonly cost?: number;
}

/**
 * How a gateway answers at the edge: `chain`, a fact of the chain (kept once a service has given it);
 * `head`, an answer that holds until the next head (kept per head the bus announces); `head-number`, the
 * announced head itself; `head-state`, a read of state or an execution at the block its block param names
 * (any but `pending`), kept per head for the same params; `final`, an answer that never
 * changes once a service has given it non-null (a mined transaction's receipt: instant finality), kept
 * while it stays among the most recent; `block`, a read of committed blocks named by number or hash (a
 * block, its receipts, its transaction count, one of its transactions, the logs of one block or of a range
 * between two numbers), final in the same way once non-null, while a tag (`latest`, `pending`, …) names a
 * block that moves, so a call with one goes to its service.
 * Whenever the gateway has no trusted head, the head answers go to their service.
 */
export type EdgeAnswer = 'chain' | 'head' | 'head-number' | 'head-state' | 'final' | 'block';
