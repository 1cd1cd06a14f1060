// Decoding of the tx and mempool results: `tx`, `tx_search`, `broadcast_tx_*`, `check_tx`, `unconfirmed_txs`.
import { type JsonNode } from './json-read';
import { parseTxResult } from './parse-results';
import {
  type CometBroadcastResult,
  type CometCheckTxResult,
  type CometTxResponse,
  type CometTxSearchResult,
  type CometUnconfirmedTxs,
} from './types';

export function parseTxResponse(node: JsonNode): CometTxResponse {
  return {
    hash: node.get('hash').hex(),
    height: node.get('height').int64(),
    index: node.get('index').int32(),
    txResult: parseTxResult(node.get('tx_result')),
    tx: node.get('tx').base64(),
  };
}

export function parseTxSearch(node: JsonNode): CometTxSearchResult {
  return {
    txs: node.get('txs').array().map(parseTxResponse),
    totalCount: node.get('total_count').int32(),
  };
}

export function parseBroadcast(node: JsonNode): CometBroadcastResult {
  const code = node.get('code');
  return {
    code: code.isAbsent() ? 0 : code.int32(),
    data: node.get('data').base64(),
    log: node.get('log').optionalString(),
    codespace: node.get('codespace').optionalString(),
    hash: node.get('hash').hex(),
  };
}

/** `check_tx`'s ResponseCheckTx: the fields of an ExecTxResult, read the same way. */
export function parseCheckTx(node: JsonNode): CometCheckTxResult {
  return parseTxResult(node);
}

export function parseUnconfirmedTxs(node: JsonNode): CometUnconfirmedTxs {
  return {
    count: node.get('n_txs').int32(),
    total: node.get('total').int32(),
    totalBytes: node.get('total_bytes').int64(),
    txs: node
      .get('txs')
      .array()
      .map((tx) => tx.base64()),
  };
}
