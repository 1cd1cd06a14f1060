// txpool_ rows: geth's view of pending transactions, read by the query service from the engine's
// mempool (Ethermint has no queued transactions, so `queued` is always empty).
import type { MethodRow } from './method-row';
import { required } from './param';

export const TXPOOL_ROWS = [
  {
    method: 'txpool_status',
    namespace: 'txpool',
    service: 'query',
    params: [],
    result: 'TXPOOL_STATUS',
    timeout: 'read',
    inventory: 'implemented',
    summary: 'The number of pending and queued transactions.',
  },
  {
    method: 'txpool_content',
    namespace: 'txpool',
    service: 'query',
    params: [],
    result: 'TXPOOL_CONTENT',
    timeout: 'read',
    inventory: 'implemented',
    summary: 'Pending and queued transactions, grouped by sender and nonce.',
  },
  {
    method: 'txpool_contentFrom',
    namespace: 'txpool',
    service: 'query',
    params: [required('address', 'ADDRESS')],
    result: 'TXPOOL_CONTENT_FROM',
    timeout: 'read',
    inventory: 'unmarked',
    summary: 'Pending and queued transactions of one sender, grouped by nonce.',
  },
  {
    method: 'txpool_inspect',
    namespace: 'txpool',
    service: 'query',
    params: [],
    result: 'TXPOOL_INSPECT',
    timeout: 'read',
    inventory: 'implemented',
    summary: 'A one-line text summary of each pending and queued transaction.',
  },
] as const satisfies readonly MethodRow[];
