// eth_getFilterChanges in two steps over the bus: the events service answers the changes with the poll that
// proposed the filter's new cursor, and the gateway confirms that poll once its reply is here, before the
// client gets it. A reply lost on the way (NATS restarted, the events replica killed) leaves the cursor where
// it was, so the client's next poll, through any gateway, delivers the same changes again. A confirmation
// lost on the way is sent again (confirming is idempotent), so the changes come exactly once unless the
// events service stays unreachable for the whole confirmation budget.
import type { CallContext, MethodBus } from '@photon/bus';
import {
  type FilterDeliveryOutcome,
  type FilterPollResult,
  TIMEOUT_MS,
  findInternalMethod,
} from '@photon/types';

const POLL = findInternalMethod('photon_pollFilter')!;
const DELIVERED = findInternalMethod('photon_filterDelivered')!;

/**
 * How long a poll keeps confirming before it answers without knowing: long enough for the bus to give up a
 * killed events replica (3 s of silence) and for NATS to come back from a restart, short of viem's 10 s poll
 * timeout.
 */
export const CONFIRM_BUDGET_MS = 6_000;
/** The pause before the n-th confirmation sent again grows by this much each time. */
const CONFIRM_PAUSE_STEP_MS = 250;

export class FilterPolls {
  constructor(
    private readonly bus: MethodBus,
    private readonly now: () => number = Date.now,
    private readonly pause: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** eth_getFilterChanges's answer for `params` (checked by the events service). */
  async changes(params: unknown, context: CallContext): Promise<readonly unknown[]> {
    const reply = (await this.bus.request(
      POLL.service,
      { method: POLL.method, params, context },
      TIMEOUT_MS[POLL.timeout],
    )) as FilterPollResult;
    if (reply.poll === undefined) return reply.changes;
    const outcome = await this.confirm((params as unknown[])[0], reply.poll, context);
    // A later poll of the same filter proposed since: it carries these changes, which must not come twice.
    return outcome === 'superseded' ? [] : reply.changes;
  }

  /** The confirmation's outcome, or undefined when none came back within CONFIRM_BUDGET_MS. */
  private async confirm(
    filter: unknown,
    poll: string,
    context: CallContext,
  ): Promise<FilterDeliveryOutcome | undefined> {
    const deadline = this.now() + CONFIRM_BUDGET_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        return (await this.bus.request(
          DELIVERED.service,
          { method: DELIVERED.method, params: [filter, poll], context },
          TIMEOUT_MS[DELIVERED.timeout],
        )) as FilterDeliveryOutcome;
      } catch {
        // Lost with a replica or the bus connection: whether the cursor moved is unknown. Confirming again
        // is safe (a confirmed poll stays confirmed); when the budget is spent, the changes go to the client
        // and come again with the next poll if the cursor did not move. A duplicate beats a loss.
        const pauseMs = CONFIRM_PAUSE_STEP_MS * attempt;
        if (this.now() + pauseMs >= deadline) return undefined;
        await this.pause(pauseMs);
      }
    }
  }
}
