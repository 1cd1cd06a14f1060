// The websocket events of a committed block, in CometBFT 0.38's JSON: NewBlock, NewBlockHeader
// and one Tx per transaction, each with the composite keys queries match on.
import { blockIdJson, blockJson, encodeBase64, encodeHex, encodeInt64, headerJson } from '../comet';
import type { CometEvent } from '../events/comet-event';
import { eventsJson, txResultJson } from '../routes/results-json';
import { eventMap } from './abci-results';
import type { CommittedBlock } from './committed-block';

export function blockEvents(committed: CommittedBlock): CometEvent[] {
  const height = encodeInt64(committed.block.header.height);
  const blockEventsMap = eventMap(committed.finalizeEvents);
  return [
    {
      type: 'NewBlock',
      value: {
        block: blockJson(committed.block),
        block_id: blockIdJson(committed.id),
        result_finalize_block: {
          events: eventsJson(committed.finalizeEvents),
          tx_results: committed.txResults.map(txResultJson),
          validator_updates: [],
          consensus_param_updates: null,
          app_hash: encodeBase64(committed.appHash),
        },
      },
      events: { 'tm.event': ['NewBlock'], 'block.height': [height], ...blockEventsMap },
    },
    {
      type: 'NewBlockHeader',
      value: { header: headerJson(committed.block.header) },
      events: { 'tm.event': ['NewBlockHeader'], 'block.height': [height], ...blockEventsMap },
    },
    ...committed.txResults.map((result, index): CometEvent => {
      const tx = committed.block.txs[index]!;
      return {
        type: 'Tx',
        value: { TxResult: { height, index, tx: encodeBase64(tx), result: txResultJson(result) } },
        events: {
          'tm.event': ['Tx'],
          'tx.hash': [encodeHex(committed.txHashes[index]!)],
          'tx.height': [height],
          ...eventMap(result.events),
        },
      };
    }),
  ];
}
