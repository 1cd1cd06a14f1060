// What the recorder asks: for every served eth_/net_/web3_ method at least one case on the golden
// chain, plus invalid params, not-found answers and methods that do not exist. Replay never reads
// this list: it replays the recorded files, so a case is changed by re-recording, in review.
import { PHOTON_TOKEN_ARTIFACT, devWallet } from '@photon/testing';
import { Interface, Wallet } from 'ethers';
import type { GoldenChain } from './golden-chain';
import { FILTER_STAND_IN } from './golden-volatile';

export interface GoldenCall {
  readonly method: string;
  readonly params?: unknown;
}

export interface GoldenCase {
  /** The directory: the method the case is about. */
  readonly method: string;
  /** The file name, without `.io`. */
  readonly name: string;
  /** One line on what the case shows. */
  readonly comment: string;
  /** One call, or a flow (a filter made, then polled) replayed in order. */
  readonly calls: readonly GoldenCall[];
}

const token = new Interface(PHOTON_TOKEN_ARTIFACT.abi);
const PHOTON = 10n ** 18n;
const NOT_FOUND_HASH = `0x${'de'.repeat(32)}`;
const FAR_BLOCK = '0x3e8';
/** A key that holds nothing on the devnet (not a dev account). */
const unfunded = new Wallet(`0x${'11'.repeat(32)}`);
const hex = (n: number) => `0x${n.toString(16)}`;

/** A case of one call of its own method. */
const one = (method: string, name: string, comment: string, params?: unknown): GoldenCase => ({
  method,
  name,
  comment,
  calls: [params === undefined ? { method } : { method, params }],
});

/** Every case, built from the chain's fixed facts (its hashes are the same on every run). */
export async function goldenCases(chain: GoldenChain): Promise<GoldenCase[]> {
  const { txs, blockHashes, address: dev } = chain;
  const hash = (height: number) => blockHashes[height]!;
  const head = hex(chain.head);
  const balanceOf = (who: string) => token.encodeFunctionData('balanceOf', [who]);
  const transfer = (to: string, amount: bigint) => token.encodeFunctionData('transfer', [to, amount]);
  const accepted = await devWallet(0).signTransaction({
    chainId: 9000n,
    type: 2,
    nonce: 2,
    to: dev(6),
    value: 1n,
    gasLimit: 21_000n,
    maxFeePerGas: 100_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  });
  // Never mined during replay (blocks come only when the builder says): the sync send's wait ends at its
  // timeout, deterministically. dev 7 sends nothing else.
  const neverMined = await devWallet(7).signTransaction({
    chainId: 9000n,
    type: 2,
    nonce: 0,
    to: dev(6),
    value: 1n,
    gasLimit: 21_000n,
    maxFeePerGas: 100_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  });
  const wrongChain = await unfunded.signTransaction({
    chainId: 1n,
    type: 2,
    nonce: 0,
    to: dev(1),
    value: 1n,
    gasLimit: 21_000n,
    maxFeePerGas: 100_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  });
  const noFunds = await unfunded.signTransaction({
    chainId: 9000n,
    type: 2,
    nonce: 0,
    to: dev(1),
    value: PHOTON,
    gasLimit: 21_000n,
    maxFeePerGas: 100_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  });
  const tokenLogs = { fromBlock: '0x0', toBlock: 'latest', address: chain.token };
  const transferTopic = token.getEvent('Transfer')!.topicHash;
  const id = FILTER_STAND_IN(1);

  return [
    one('web3_clientVersion', 'get-version', 'the client name and version', []),
    one('web3_sha3', 'hash-bytes', 'keccak-256 of "hello"', ['0x68656c6c6f']),
    one('web3_sha3', 'invalid-hex', 'data that is not 0x-hex is an invalid param', ['hello']),
    one('web3_sha3', 'missing-param', 'the data param is required', []),
    one('net_version', 'get-version', 'the network id: the EIP-155 chain id in decimal', []),
    one('net_listening', 'get-listening', 'always listening', []),
    one('net_peerCount', 'get-peer-count', 'the devnet has no peers', []),
    one('eth_chainId', 'get-chain-id', 'the EIP-155 chain id', []),
    one('eth_protocolVersion', 'get-version', 'the protocol version', []),
    one('eth_syncing', 'not-syncing', 'a devnet is never syncing', []),
    one('eth_blockNumber', 'get-head', 'the head of the golden chain', []),
    one('eth_gasPrice', 'get-price', 'base fee of the next block plus the suggested tip', []),
    one('eth_maxPriorityFeePerGas', 'get-tip', 'the suggested tip', []),
    one('eth_feeHistory', 'last-blocks', 'four blocks up to the head, with reward percentiles', [
      '0x4',
      'latest',
      [25, 75],
    ]),
    one('eth_feeHistory', 'no-rewards', 'a range ending at an old block, no percentiles', ['0x3', '0x4', []]),
    one('eth_feeHistory', 'decreasing-percentiles', 'percentiles must be increasing', [
      '0x2',
      'latest',
      [75, 25],
    ]),
    one('eth_getBalance', 'latest', 'a dev account after its sends', [dev(1), 'latest']),
    one('eth_getBalance', 'at-genesis', 'the genesis balance of a dev account', [dev(1), '0x0']),
    one('eth_getBalance', 'unknown-account', 'an account never touched has 0', [unfunded.address, 'latest']),
    one('eth_getBalance', 'invalid-address', 'an address of 2 bytes is an invalid param', [
      '0x1234',
      'latest',
    ]),
    one('eth_getBalance', 'future-block', 'a block above the head', [dev(1), FAR_BLOCK]),
    one('eth_getStorageAt', 'token-slot', "the token's first storage slot", [chain.token, '0x0', 'latest']),
    one('eth_getStorageAt', 'empty-slot', 'a slot never written is zero', [chain.token, '0x99', 'latest']),
    one('eth_getStorageAt', 'invalid-slot', 'a slot longer than 32 bytes', [
      chain.token,
      `0x${'00'.repeat(33)}`,
      'latest',
    ]),
    one('eth_getStorageValues', 'token-slots', 'several slots of the token in one call', [
      { [chain.token]: ['0x0', '0x1', '0x2'] },
      'latest',
    ]),
    one('eth_getProof', 'token-slots', "the token's account and two slots, one never written, proven", [
      chain.token,
      ['0x0', '0x99'],
      'latest',
    ]),
    one('eth_getProof', 'eoa-at-block', 'a dev account without storage at block 3', [dev(0), ['0x0'], '0x3']),
    one('eth_getProof', 'low-height', "Ethermint's floor: no proofs at height 2 or below", [
      dev(0),
      [],
      '0x2',
    ]),
    one('eth_getProof', 'future-block', 'a block above the head', [dev(0), [], FAR_BLOCK]),
    one('eth_getProof', 'keys-not-a-list', 'the storage keys must be a list', [dev(0), '0x0', 'latest']),
    one('eth_getTransactionCount', 'latest', 'the nonce of dev 0 after two txs', [dev(0), 'latest']),
    one('eth_getTransactionCount', 'pending', 'counts the pending tx of dev 2', [dev(2), 'pending']),
    one('eth_getTransactionCount', 'at-block', 'the nonce at block 2', [dev(0), '0x2']),
    one('eth_getCode', 'token', 'the runtime code of the token', [chain.token, 'latest']),
    one('eth_getCode', 'eoa', 'an account without code', [dev(1), 'latest']),
    one('eth_getCode', 'before-deploy', 'the token address before its deployment', [chain.token, '0x1']),
    one('eth_getBlockByHash', 'with-txs', 'block 2 with its full txs', [hash(2), true]),
    one('eth_getBlockByHash', 'hashes-only', 'block 3 with tx hashes', [hash(3), false]),
    one('eth_getBlockByHash', 'not-found', 'an unknown hash is null', [NOT_FOUND_HASH, false]),
    one('eth_getBlockByHash', 'invalid-hash', 'a hash of 1 byte is an invalid param', ['0x12', false]),
    one('eth_getBlockByNumber', 'genesis', 'block 0', ['0x0', false]),
    one('eth_getBlockByNumber', 'with-txs', 'block 3: an EIP-1559 and an EIP-2930 tx', ['0x3', true]),
    one('eth_getBlockByNumber', 'latest', 'the head', ['latest', false]),
    one('eth_getBlockByNumber', 'earliest', 'the genesis by tag', ['earliest', false]),
    one('eth_getBlockByNumber', 'finalized', 'CometBFT is final at once: the head', ['finalized', false]),
    one('eth_getBlockByNumber', 'pending', 'the pending block', ['pending', false]),
    one('eth_getBlockByNumber', 'not-found', 'a block above the head is null', [FAR_BLOCK, true]),
    one('eth_getBlockByNumber', 'invalid-tag', 'an unknown tag is an invalid param', ['newest', false]),
    one('eth_getBlockTransactionCountByHash', 'two-txs', 'block 2 holds two txs', [hash(2)]),
    one('eth_getBlockTransactionCountByHash', 'not-found', 'an unknown hash is null', [NOT_FOUND_HASH]),
    one('eth_getBlockTransactionCountByNumber', 'two-txs', 'block 3 holds two txs', ['0x3']),
    one('eth_getBlockTransactionCountByNumber', 'empty', 'block 5 is empty', [head]),
    one('eth_getBlockTransactionCountByNumber', 'not-found', 'a block above the head is null', [FAR_BLOCK]),
    one('eth_getBlockReceipts', 'block-with-txs', 'receipts of block 3, a Transfer log among them', ['0x3']),
    one('eth_getBlockReceipts', 'reverted', 'block 4: a reverted tx (status 0x0)', ['0x4']),
    one('eth_getBlockReceipts', 'not-found', 'a block above the head is null', [FAR_BLOCK]),
    one('eth_getTransactionByHash', 'deploy', 'the contract creation', [txs.deploy.hash]),
    one('eth_getTransactionByHash', 'legacy', 'a legacy (type 0) transfer', [txs.legacyTransfer.hash]),
    one('eth_getTransactionByHash', 'access-list', 'an EIP-2930 (type 1) transfer', [
      txs.accessListTransfer.hash,
    ]),
    one('eth_getTransactionByHash', 'pending', 'a tx in the mempool: no block yet', [txs.pending.hash]),
    one('eth_getTransactionByHash', 'not-found', 'an unknown hash is null', [NOT_FOUND_HASH]),
    one('eth_getTransactionByHash', 'invalid-hash', 'a hash of 2 bytes is an invalid param', ['0x1234']),
    one('eth_getTransactionByBlockHashAndIndex', 'first', 'the first tx of block 3', [hash(3), '0x0']),
    one('eth_getTransactionByBlockHashAndIndex', 'out-of-range', 'an index past the last tx is null', [
      hash(3),
      '0x5',
    ]),
    one('eth_getTransactionByBlockNumberAndIndex', 'second', 'the second tx of block 3', ['0x3', '0x1']),
    one('eth_getTransactionByBlockNumberAndIndex', 'not-found', 'a block above the head is null', [
      FAR_BLOCK,
      '0x0',
    ]),
    one('eth_getTransactionbyBlockNumberAndIndex', 'alias', "geth's lower-case alias", ['0x2', '0x0']),
    one('eth_getTransactionReceipt', 'contract-creation', 'the receipt carries the contract address', [
      txs.deploy.hash,
    ]),
    one('eth_getTransactionReceipt', 'token-transfer', 'a Transfer log', [txs.tokenTransfer.hash]),
    one('eth_getTransactionReceipt', 'reverted', 'a mined tx that reverted: status 0x0', [
      txs.failedTransfer.hash,
    ]),
    one('eth_getTransactionReceipt', 'pending', 'a pending tx has no receipt', [txs.pending.hash]),
    one('eth_getTransactionReceipt', 'not-found', 'an unknown hash is null', [NOT_FOUND_HASH]),
    one('eth_getTransactionLogs', 'token-transfer', 'the logs of one tx', [txs.tokenTransfer.hash]),
    one('eth_getTransactionLogs', 'not-found', 'an unknown hash', [NOT_FOUND_HASH]),
    one('eth_getLogs', 'by-address', 'every log of the token', [tokenLogs]),
    one('eth_getLogs', 'by-topic', 'Transfer logs to dev 3', [
      {
        fromBlock: '0x0',
        toBlock: 'latest',
        topics: [transferTopic, null, `0x${'00'.repeat(12)}${dev(3).slice(2).toLowerCase()}`],
      },
    ]),
    one('eth_getLogs', 'by-block-hash', 'the logs of block 3 by its hash', [{ blockHash: hash(3) }]),
    one('eth_getLogs', 'no-match', 'a range without logs', [
      { fromBlock: '0x4', toBlock: '0x5', address: chain.token },
    ]),
    one('eth_getLogs', 'invalid-range', 'fromBlock above toBlock', [{ fromBlock: '0x5', toBlock: '0x2' }]),
    one('eth_getLogs', 'unknown-block-hash', 'a block hash that is not on the chain', [
      { blockHash: NOT_FOUND_HASH },
    ]),
    one('eth_call', 'balance-of', 'balanceOf(dev 3) on the token', [
      { to: chain.token, data: balanceOf(dev(3)) },
      'latest',
    ]),
    one('eth_call', 'revert-with-reason', 'a transfer beyond the balance reverts with a reason', [
      { from: dev(4), to: chain.token, data: transfer(dev(0), 1n) },
      'latest',
    ]),
    one('eth_call', 'custom-error', 'mint by a non-owner reverts with Unauthorized(address)', [
      { from: dev(1), to: chain.token, data: token.encodeFunctionData('mint', [dev(1), 1n]) },
      'latest',
    ]),
    one('eth_call', 'before-deploy', 'the token address before its deployment has no code', [
      { to: chain.token, data: balanceOf(dev(3)) },
      '0x1',
    ]),
    one('eth_call', 'invalid-to', 'a to address of 1 byte is an invalid param', [{ to: '0x12' }, 'latest']),
    one('eth_estimateGas', 'transfer', 'a plain transfer', [{ from: dev(0), to: dev(1), value: '0x1' }]),
    one('eth_estimateGas', 'token-transfer', 'a token transfer', [
      { from: dev(0), to: chain.token, data: transfer(dev(1), 1n) },
    ]),
    one('eth_estimateGas', 'revert', 'a call that reverts', [
      { from: dev(4), to: chain.token, data: transfer(dev(0), 1n) },
    ]),
    one('eth_estimateGas', 'insufficient-funds', 'a value beyond the balance', [
      { from: unfunded.address, to: dev(1), value: hex(1_000_000) },
    ]),
    one('eth_createAccessList', 'token-transfer', 'a token transfer: the token and both balance slots', [
      { from: dev(0), to: chain.token, data: transfer(dev(1), 1n) },
      'latest',
    ]),
    one('eth_createAccessList', 'transfer', 'a plain transfer touches nothing to list', [
      { from: dev(0), to: dev(1), value: '0x1' },
    ]),
    one('eth_createAccessList', 'revert', 'a transfer beyond the balance: what it read, and the vm error', [
      { from: dev(4), to: chain.token, data: transfer(dev(0), 1n) },
      'latest',
    ]),
    one('eth_createAccessList', 'invalid-to', 'a to address of 1 byte is an invalid param', [{ to: '0x12' }]),
    one('eth_coinbase', 'get-coinbase', "the validator's account", []),
    one('eth_mining', 'get-mining', 'CometBFT does not mine', []),
    one('eth_hashrate', 'get-hashrate', 'no proof of work', []),
    one('eth_getUncleCountByBlockHash', 'no-uncles', 'CometBFT has no uncles', [hash(2)]),
    one('eth_getUncleCountByBlockNumber', 'no-uncles', 'CometBFT has no uncles', ['0x2']),
    one('eth_getUncleByBlockHashAndIndex', 'no-uncle', 'CometBFT has no uncles', [hash(2), '0x0']),
    one('eth_getUncleByBlockNumberAndIndex', 'no-uncle', 'CometBFT has no uncles', ['0x2', '0x0']),
    one(
      'eth_sendRawTransaction',
      'accepted',
      'a new tx of dev 0 enters the mempool (no case reads it later)',
      [accepted],
    ),
    one('eth_sendRawTransaction', 'already-mined', 'the deployment again: its nonce is used', [
      txs.deploy.raw,
    ]),
    one('eth_sendRawTransaction', 'invalid-bytes', 'bytes that are no tx', ['0x1234']),
    one('eth_sendRawTransaction', 'wrong-chain', 'signed for chain 1', [wrongChain]),
    one('eth_sendRawTransaction', 'insufficient-funds', 'from an account that holds nothing', [noFunds]),
    one(
      'eth_sendRawTransactionSync',
      'timeout',
      'a new tx of dev 7 no block includes within the 100 ms asked: code 4, its hash as data (no case reads it later)',
      [neverMined, '0x64'],
    ),
    one('eth_sendRawTransactionSync', 'already-mined', 'the deployment again: refused at once', [
      txs.deploy.raw,
    ]),
    one('eth_sendRawTransactionSync', 'invalid-timeout', 'a timeout that is no number', [neverMined, 'soon']),
    one('eth_sendTransaction', 'unknown-account', 'the keystore holds no key of the sender', [
      { from: dev(0), to: dev(1), value: '0x1' },
    ]),
    one('eth_resend', 'unknown-account', 'the keystore holds no key of the sender', [
      { from: dev(0), to: dev(1), value: '0x1', nonce: '0x0' },
      '0x174876e800',
    ]),
    one('eth_accounts', 'no-keys', 'an empty keystore', []),
    one('eth_sign', 'unknown-account', 'the keystore holds no key of the signer', [dev(0), '0xdeadbeef']),
    one('eth_signTransaction', 'unknown-account', 'the keystore holds no key of the sender', [
      { from: dev(0), to: dev(1), value: '0x1', gas: '0x5208', gasPrice: '0x174876e800', nonce: '0x0' },
    ]),
    {
      method: 'eth_newFilter',
      name: 'poll-token-logs',
      comment: 'a log filter from genesis: the first poll returns the logs in its range',
      calls: [
        { method: 'eth_newFilter', params: [tokenLogs] },
        { method: 'eth_getFilterChanges', params: [id] },
        { method: 'eth_getFilterChanges', params: [id] },
      ],
    },
    one('eth_newFilter', 'invalid-range', 'fromBlock above toBlock', [{ fromBlock: '0x5', toBlock: '0x2' }]),
    {
      method: 'eth_newBlockFilter',
      name: 'poll-no-new-blocks',
      comment: 'no block came since the filter was made',
      calls: [
        { method: 'eth_newBlockFilter', params: [] },
        { method: 'eth_getFilterChanges', params: [id] },
      ],
    },
    {
      method: 'eth_newPendingTransactionFilter',
      name: 'poll-no-new-txs',
      comment: 'no tx came since the filter was made',
      calls: [
        { method: 'eth_newPendingTransactionFilter', params: [] },
        { method: 'eth_getFilterChanges', params: [id] },
      ],
    },
    {
      method: 'eth_getFilterLogs',
      name: 'token-logs',
      comment: "every log in a log filter's range",
      calls: [
        { method: 'eth_newFilter', params: [tokenLogs] },
        { method: 'eth_getFilterLogs', params: [id] },
      ],
    },
    {
      method: 'eth_getFilterLogs',
      name: 'block-filter',
      comment: 'a block filter has no logs to list',
      calls: [
        { method: 'eth_newBlockFilter', params: [] },
        { method: 'eth_getFilterLogs', params: [id] },
      ],
    },
    one('eth_getFilterLogs', 'unknown-filter', 'a filter id never made', ['0xabc']),
    one('eth_getFilterChanges', 'unknown-filter', 'a filter id never made', ['0xabc']),
    {
      method: 'eth_uninstallFilter',
      name: 'installed',
      comment: 'true once, false after',
      calls: [
        { method: 'eth_newBlockFilter', params: [] },
        { method: 'eth_uninstallFilter', params: [id] },
        { method: 'eth_uninstallFilter', params: [id] },
        { method: 'eth_getFilterChanges', params: [id] },
      ],
    },
    one('eth_uninstallFilter', 'unknown-filter', 'a filter id never made', ['0xabc']),
    one('eth_subscribe', 'over-http', 'subscriptions need a websocket', ['newHeads']),
    one('eth_unsubscribe', 'over-http', 'subscriptions need a websocket', ['0x1']),
    one('eth_noSuchMethod', 'unknown-method', 'a method that does not exist', []),
    one('debug_getBlockRlp', 'not-served', 'a method Photon knows of and does not serve', [1]),
    // Tracing: the golden tier exposes the debug namespace (--rpc-api), as a debugging node would.
    one('debug_traceTransaction', 'call-tracer', 'the token transfer as a call frame with its log', [
      txs.tokenTransfer.hash,
      { tracer: 'callTracer', tracerConfig: { withLog: true } },
    ]),
    one('debug_traceTransaction', 'struct-logger', 'the first 8 steps of the token transfer, no stack', [
      txs.tokenTransfer.hash,
      { limit: 8, disableStack: true },
    ]),
    one('debug_traceTransaction', 'prestate-diff', 'what the reverted transfer changed (fees, nonce)', [
      txs.failedTransfer.hash,
      { tracer: 'prestateTracer', tracerConfig: { diffMode: true } },
    ]),
    one('debug_traceTransaction', 'js-tracer', 'a JavaScript tracer is refused', [
      txs.tokenTransfer.hash,
      { tracer: '{ result: function() { return 1; }, fault: function() {} }' },
    ]),
    one('debug_traceTransaction', 'not-found', 'an unknown hash', [NOT_FOUND_HASH]),
    one('debug_traceBlockByNumber', 'call-tracer', 'every tx of block 3, one frame each', [
      '0x3',
      { tracer: 'callTracer' },
    ]),
    one('debug_traceBlockByNumber', 'four-byte', 'the selectors called in the token transfer’s block', [
      hex(chain.blockOf.tokenTransfer ?? 0),
      { tracer: '4byteTracer' },
    ]),
    one('debug_traceBlockByNumber', 'not-found', 'a block above the head', [
      FAR_BLOCK,
      { tracer: 'callTracer' },
    ]),
    one('debug_traceBlockByHash', 'call-tracer', 'block 3 by hash', [hash(3), { tracer: 'callTracer' }]),
    one('debug_traceCall', 'balance-of', 'a token read as a call frame', [
      { to: chain.token, data: balanceOf(dev(3)) },
      'latest',
      { tracer: 'callTracer' },
    ]),
    one('debug_traceCall', 'state-overrides', 'a transfer from an account funded only by the override', [
      { from: unfunded.address, to: dev(1), value: hex(1) },
      'latest',
      {
        tracer: 'prestateTracer',
        stateOverrides: { [unfunded.address]: { balance: '0xde0b6b3a7640000' } },
      },
    ]),
  ];
}
