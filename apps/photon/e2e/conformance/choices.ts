// Where the document leaves a behaviour open (or Ethermint and geth differ) and Photon chose one, each with
// its reason: rendered into docs/conformance.md, so a reader finds every such choice in one place.

export interface Choice {
  readonly topic: string;
  readonly choice: string;
}

export const CHOICES: readonly Choice[] = [
  {
    topic: 'State overrides (`eth_call`, `eth_estimateGas`, third parameter)',
    choice:
      "geth's `balance`, `nonce`, `code`, `state` and `stateDiff` reach the engine as the JSON of geth's " +
      'StateOverride in `EthCallRequest.overrides` (field 5 of the maintained line) and apply to that call only. ' +
      "`state` with `stateDiff` is -32000 `account <address> has both 'state' and 'stateDiff'` (geth's words); " +
      '`movePrecompileToAddress`, which Ethermint does not read, is -32000 rather than silently ignored. ' +
      "Ethermint's own EstimateGas leaves field 5 unread: against such a node overrides change only eth_call; " +
      'the devnet applies them to both, as geth does. Answers are cached only under keys that include the ' +
      'overrides.',
  },
  {
    topic: 'Block overrides (`eth_call`, fourth parameter)',
    choice:
      "-32000 `block overrides are not supported by this node`: Ethermint's EthCallRequest carries no block " +
      'overrides, and running the call without them would answer a different question. `debug_traceCall` ' +
      'takes them: its TraceConfig has a field for them (see Tracing).',
  },
  {
    topic: "Order of a block's transactions",
    choice:
      "By priority, as Ethermint's app-side priority mempool orders them: the effective tip over the base fee " +
      "at admission, in units of 10^6 wei (Ethermint's GetTxPriority), highest first, each sender's " +
      'transactions in nonce order, equal priorities in arrival order. A later transaction paying a higher tip ' +
      "is included before an earlier one (Ethermint's `test_priority`), as geth's miner orders by tip too.",
  },
  {
    topic: 'Block 0',
    choice:
      'A CometBFT chain has no block 0. As Ethermint (rpc/types.BlockNumber), `0x0` names what `earliest` ' +
      'names, the first block the engine keeps: `eth_getBalance [addr, "0x0"]` is the genesis balance, ' +
      '`eth_feeHistory [n, "0x0", …]` one block and the next base fee, and block reads of `0x0` answer that ' +
      'block (whose `number` is its own height) instead of null or `header not found`.',
  },
  {
    topic: '`eth_getLogs` with `toBlock` past the head',
    choice:
      "geth's -32602 `block range extends beyond current head block` (after asking the engine for its head, " +
      'so a client that read a newer block number from another replica is not refused), where Ethermint ' +
      "clamps `toBlock` to its head. Indexers (Ponder's and Subsquid's log fetchers, graph-node's block " +
      'stream) take a successful answer as complete for the whole range and move their cursor past it: behind ' +
      'a load balancer whose replicas trail one another, a clamped answer silently loses the logs of the blocks ' +
      "past that replica's head, while an error makes them retry the range (viem and ethers hand it to the " +
      'caller). Ranges ending at a tag (`latest`) resolve to the head and are never refused.',
  },
  {
    topic: 'Errors clients match by their words',
    choice:
      'A type-2 raw tx with tip above fee cap: -32000 `max priority fee per gas higher than max fee per gas` ' +
      "(geth's txpool); whatever bytes come as a raw tx, the answer is an acceptance or -32000 (a fuzzed unit " +
      'spec holds the decoder to it). A creation that cannot pay for storing its code: ' +
      "`contract creation code storage out of gas`. Past a filter cap: -32005 starting with Ethermint's " +
      '`error creating filter: max limit reached` (`block filter`, `pending tx filter` for those kinds), then ' +
      'the cap and the flag that sets it.',
  },
  {
    topic: '`eth_getProof`: Merkle-Patricia proofs from the devnet, IAVL proofs from an Ethermint node',
    choice:
      "Photon asks the engine what Ethermint's GetProof (rpc/backend/account_info.go) asks: `abci_query` " +
      '`store/evm/key` (key 0x02 | address | slot) and `store/acc/key` (key 0x01 | address) with `prove: true` ' +
      "at the block's height, and x/evm's Account query for balance, nonce and code hash; each ProofOp's bytes " +
      'are one proof string. The devnet proves from its own state, a Merkle-Patricia trie, one op per trie node: ' +
      "`accountProof` is geth's (the state-trie nodes from the state root down keccak(address)), `storageHash` " +
      "the account's storage root, and `storageProof[].proof` the storage-trie nodes from `storageHash` down " +
      "keccak(slot) followed by the account's nodes, the whole chain to the state root, as Ethermint's storage " +
      'proofs chain to its app hash. Verifiers that take the nodes by hash (geth trie.VerifyProof, ' +
      '@ethereumjs/mpt) accept it; an account without storage gets its account nodes where geth answers `[]`. ' +
      "The root is the state after block N, which CometBFT writes into the next header's app_hash: it is " +
      '`stateRoot` of block N+1, not of block N. An Ethermint node answers the same shape with IAVL proofs ' +
      '(an `ics23:iavl` op proving the key in the module store, an `ics23:simple` op proving the store in the ' +
      'app hash, each a protobuf CommitmentProof), which EIP-1186 verifiers cannot check, and the zero hash as ' +
      '`storageHash` (IAVL keeps no root per account); Photon passes them on as Ethermint does, an op without ' +
      "bytes as `0x` (Ethermint's empty string is not DATA). As Ethermint: a block at height 2 or below is -32000 " +
      '`proof queries at height <= 2 are not supported`, an unknown one -32000 `header not found`. Keys come ' +
      "back as geth's (32 bytes as given, shorter ones as a QUANTITY). At most 1,024 keys a call (geth sets no " +
      'bound): -38026 `too many storage keys (max 1024)`.',
  },
];
