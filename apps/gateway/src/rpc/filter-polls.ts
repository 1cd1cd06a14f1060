// eth_getFilterChanges in two steps over the bus: the events service answers the changes with the poll that
// proposed the filter's new cursor, and the gateway confirms that poll once its reply is here, before the
// client gets it. A reply lost on the way (NATS restarted, the events replica killed) leaves the cursor where
// it was, so the client's next poll, through any gateway, delivers the same changes again.
import type { CallContext, MethodBus } from '@photon/bus';
import {
  type FilterDeliveryOutcome,
  type FilterPollResult,
  TIMEOUT_MS,
  findInternalMethod,
} from '@photon/types';

const POLL = findInternalMethod('photon_pollFilter')!;
const DELIVERED = findInternalMethod('photon_filterDelivered')!;

export class FilterPolls {
  constructor(private readonly bus: MethodBus) {}

  /** eth_getFilterChanges's answer for `params` (checked by the events service). */
  async changes(params: unknown, context: CallContext): Promise<readonly unknown[]> {
    const reply = (await this.bus.request(
      POLL.service,
      { method: POLL.method, params, context },
      TIMEOUT_MS[POLL.timeout],
    )) as FilterPollResult;
    if (reply.poll === undefined) return reply.changes;
    let outcome: FilterDeliveryOutcome | undefined;
    try {
      outcome = (await this.bus.request(
        DELIVERED.service,
        { method: DELIVERED.method, params: [(params as unknown[])[0], reply.poll], context },
        TIMEOUT_MS[DELIVERED.timeout],
      )) as FilterDeliveryOutcome;
    } catch {
      // Whether the cursor moved is unknown (the bus lost the confirmation or its answer): the changes go to
      // the client, and come again with the next poll if it did not. A duplicate beats a loss.
    }
    // A later poll of the same filter proposed since: it carries these changes, which must not come twice.
    return outcome === 'superseded' ? [] : reply.changes;
  }
}
