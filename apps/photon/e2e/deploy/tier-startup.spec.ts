// How the compose tier reads a failed `up`: which containers Compose named unhealthy, and whether each had
// only exited and been started again by its policy. The daemon's side (docker events and inspect on a
// project whose container really exits once at start) is in compose-tier.e2e-spec.ts.
import {
  type ContainerStartup,
  describeStartup,
  namedIn,
  restartedAfterExit,
  unhealthyIds,
} from './tier-startup';

const EXIT = { at: new Date('2026-11-29T19:28:28.900Z'), exitCode: 1, oomKilled: false };

function container(over: Partial<ContainerStartup>): ContainerStartup {
  return {
    id: 'c84a47f96076',
    name: 'photon_nats_1',
    service: 'nats',
    status: 'running',
    health: 'starting',
    restarts: 1,
    exits: [EXIT],
    ...over,
  };
}

describe('tier start-up', () => {
  it('default: the ids Compose 1.29 names unhealthy, each once', () => {
    const output = [
      'ERROR: for events  Container "c84a47f96076" is unhealthy.',
      'ERROR: for keystore  Container "c84a47f96076" is unhealthy.',
      'ERROR: for query  Container "4bd9a80edcfa" is unhealthy.',
    ].join('\n');
    expect(unhealthyIds(output)).toEqual(['c84a47f96076', '4bd9a80edcfa']);
  });

  it('default: the names Compose v2 gives unhealthy', () => {
    const output = 'dependency failed to start: container photon-redis-1 is unhealthy';
    expect(unhealthyIds(output)).toEqual(['photon-redis-1']);
  });

  it('default: a container that exited and runs again under its restart policy was restarted after an exit', () => {
    expect(
      restartedAfterExit([container({}), container({ id: 'aaa', service: 'redis' })], ['c84a47f96076']),
    ).toBe(true);
  });

  it('behavior: a container still unhealthy, never restarted, exited for good, or with no exit since up is not', () => {
    for (const over of [
      { health: 'unhealthy' },
      { restarts: 0 },
      { status: 'exited' },
      { exits: [] },
    ] satisfies Partial<ContainerStartup>[]) {
      expect([over, restartedAfterExit([container(over)], ['c84a47f96076'])]).toEqual([over, false]);
    }
  });

  it('behavior: nothing named unhealthy (another failure of up) or a named id the project lacks is not', () => {
    expect(restartedAfterExit([container({})], [])).toBe(false);
    expect(restartedAfterExit([container({})], ['c84a47f96076', 'ffffffffffff'])).toBe(false);
  });

  it('default: the containers an id names, whichever id is the longer, or a name names', () => {
    const nats = container({ id: 'c84a47f96076' });
    const redis = container({ id: '4bd9a80edcfa', name: 'photon-redis-1', service: 'redis' });
    expect(namedIn([nats, redis], ['c84a47f96076'])).toEqual([nats]);
    expect(namedIn([nats, redis], ['4bd9a80edcfa0123456789'])).toEqual([redis]);
    expect(namedIn([nats, redis], ['photon-redis-1'])).toEqual([redis]);
    expect(namedIn([nats, redis], ['ffffffffffff', 'photon-redis'])).toEqual([]);
  });

  it('default: one line a container, its exits with their codes and an OOM kill', () => {
    const lines = describeStartup([
      container({ exits: [EXIT, { ...EXIT, exitCode: 137, oomKilled: true }] }),
      container({ id: '4bd9a80edcfa', service: 'redis', health: undefined, restarts: 0, exits: [] }),
    ]);
    expect(lines.split('\n')).toEqual([
      'nats c84a47f96076: running starting, restarts 1, exited 1 at 2026-11-29T19:28:28.900Z, exited 137 (OOM killed) at 2026-11-29T19:28:28.900Z',
      'redis 4bd9a80edcfa: running (no healthcheck), restarts 0',
    ]);
  });
});
