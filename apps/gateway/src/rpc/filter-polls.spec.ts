// FilterPolls over a scripted bus: a poll with changes is confirmed before its changes are answered; a
// superseded poll answers none; a confirmation lost on the way is sent again, and one whose outcome stays
// unknown for the whole budget still answers them.
import { type CallContext, INTERNAL_CONTEXT, MethodBus, type BusRequest } from '@photon/bus';
import { ResourceUnavailableError } from '@photon/codec';
import type { FilterPollResult, ServiceName } from '@photon/types';
import { CONFIRM_BUDGET_MS, FilterPolls } from './filter-polls';

const FILTER = `0x${'1'.padStart(32, '0')}`;

/** Answers photon_pollFilter with `poll` and photon_filterDelivered with `delivered`, recording each call. */
class ScriptedBus extends MethodBus {
  readonly calls: { service: ServiceName; method: string; params: unknown }[] = [];

  constructor(
    private readonly poll: FilterPollResult,
    private readonly delivered: () => Promise<unknown>,
  ) {
    super();
  }

  request(service: ServiceName, request: BusRequest): Promise<unknown> {
    this.calls.push({ service, method: request.method, params: request.params });
    return request.method === 'photon_pollFilter' ? Promise.resolve(this.poll) : this.delivered();
  }

  ping(): Promise<boolean> {
    return Promise.resolve(true);
  }

  publish(): void {}

  subscribe(): () => void {
    return () => undefined;
  }
}

const context: CallContext = INTERNAL_CONTEXT;

describe(FilterPolls.name, () => {
  it('default: the changes of a poll are answered once the events service confirmed its cursor', async () => {
    const bus = new ScriptedBus({ changes: ['0xa', '0xb'], poll: 'p1' }, () => Promise.resolve('confirmed'));
    expect(await new FilterPolls(bus).changes([FILTER], context)).toEqual(['0xa', '0xb']);
    expect(bus.calls).toEqual([
      { service: 'events', method: 'photon_pollFilter', params: [FILTER] },
      { service: 'events', method: 'photon_filterDelivered', params: [FILTER, 'p1'] },
    ]);
  });

  it('behavior: a poll without changes moved the cursor itself: nothing to confirm', async () => {
    const bus = new ScriptedBus({ changes: [] }, () => Promise.reject(new Error('not asked')));
    expect(await new FilterPolls(bus).changes([FILTER], context)).toEqual([]);
    expect(bus.calls.map((call) => call.method)).toEqual(['photon_pollFilter']);
  });

  it('behavior: a superseded poll answers no changes: the later poll carries them', async () => {
    const bus = new ScriptedBus({ changes: ['0xa'], poll: 'p1' }, () => Promise.resolve('superseded'));
    expect(await new FilterPolls(bus).changes([FILTER], context)).toEqual([]);
  });

  it('behavior: a confirmation lost with its replica is sent again, and its answer decides', async () => {
    let lost = 2;
    const bus = new ScriptedBus({ changes: ['0xa'], poll: 'p1' }, () =>
      lost-- > 0
        ? Promise.reject(new ResourceUnavailableError('the events replica that took the call stopped'))
        : Promise.resolve('superseded'),
    );
    const pauses: number[] = [];
    const polls = new FilterPolls(bus, Date.now, (ms) => {
      pauses.push(ms);
      return Promise.resolve();
    });
    expect(await polls.changes([FILTER], context)).toEqual([]);
    expect(bus.calls.map((call) => call.method)).toEqual([
      'photon_pollFilter',
      'photon_filterDelivered',
      'photon_filterDelivered',
      'photon_filterDelivered',
    ]);
    expect(pauses).toEqual([250, 500]);
  });

  it('behavior: when no confirmation comes back within the budget, the changes are answered anyway (at least once)', async () => {
    const bus = new ScriptedBus({ changes: ['0xa'], poll: 'p1' }, () =>
      Promise.reject(
        new ResourceUnavailableError('the bus connection was lost; the call may or may not have run'),
      ),
    );
    let clock = 0;
    const polls = new FilterPolls(
      bus,
      () => clock,
      (ms) => {
        clock += ms;
        return Promise.resolve();
      },
    );
    expect(await polls.changes([FILTER], context)).toEqual(['0xa']);
    expect(clock).toBeLessThan(CONFIRM_BUDGET_MS);
    expect(bus.calls.length).toBeGreaterThan(3);
  });

  it('behavior: a filter uninstalled meanwhile still gets the changes its poll found', async () => {
    const bus = new ScriptedBus({ changes: ['0xa'], poll: 'p1' }, () => Promise.resolve('gone'));
    expect(await new FilterPolls(bus).changes([FILTER], context)).toEqual(['0xa']);
  });
});
