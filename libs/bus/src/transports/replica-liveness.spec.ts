// ReplicaLiveness on a hand-moved clock: a replica is lost only when others were heard after it.
import { HEARTBEAT_MS, LOST_AFTER_MS, SUSPECT_AFTER_MS, ReplicaLiveness } from './replica-liveness';

describe(ReplicaLiveness.name, () => {
  it('behavior: a replica silent while others beat is lost once, with its services', () => {
    let now = 0;
    const liveness = new ReplicaLiveness(() => now);
    liveness.heard({ replica: 'q1', services: ['query'] });
    liveness.heard({ replica: 'q2', services: ['query'] });
    for (now = HEARTBEAT_MS; now <= LOST_AFTER_MS + HEARTBEAT_MS; now += HEARTBEAT_MS) {
      liveness.heard({ replica: 'q2', services: ['query'] });
      liveness.heard({ replica: 'gateway', services: [] });
    }
    expect(liveness.takeLost()).toEqual([{ replica: 'q1', services: ['query'] }]);
    expect(liveness.takeLost()).toEqual([]);
  });

  it('behavior: a read-only replica is suspected after SUSPECT_AFTER_MS, a writer without a probe only after LOST_AFTER_MS', () => {
    let now = 0;
    const liveness = new ReplicaLiveness(() => now);
    liveness.heard({ replica: 'q1', services: ['query'] });
    liveness.heard({ replica: 'tx1', services: ['tx'] });
    const lostBy = (until: number) => {
      const lost: string[] = [];
      for (; now <= until; now += HEARTBEAT_MS / 5) {
        liveness.heard({ replica: 'gateway', services: [] });
        lost.push(...liveness.takeLost().map((beat) => beat.replica));
      }
      return lost;
    };
    expect(lostBy(SUSPECT_AFTER_MS)).toEqual([]);
    expect(lostBy(SUSPECT_AFTER_MS + HEARTBEAT_MS)).toEqual(['q1']);
    expect(lostBy(LOST_AFTER_MS)).toEqual([]);
    expect(lostBy(LOST_AFTER_MS + HEARTBEAT_MS)).toEqual(['tx1']);
  });

  it('behavior: a writer with a probe is suspected after SUSPECT_AFTER_MS; one found alive is suspected again only after another silence', () => {
    let now = 0;
    const liveness = new ReplicaLiveness(() => now);
    const tx1 = { replica: 'tx1', services: ['tx'] as const, probe: 'p.probe.tx1' };
    liveness.heard(tx1);
    const lostBy = (until: number) => {
      const lost: string[] = [];
      for (; now <= until; now += HEARTBEAT_MS / 5) {
        liveness.heard({ replica: 'gateway', services: [] });
        lost.push(...liveness.takeLost().map((beat) => `${beat.replica} ${beat.probe ?? ''}`));
      }
      return lost;
    };
    expect(lostBy(SUSPECT_AFTER_MS)).toEqual([]);
    expect(lostBy(SUSPECT_AFTER_MS + HEARTBEAT_MS)).toEqual(['tx1 p.probe.tx1']);
    // Its probe said it is there: taken back, and given another SUSPECT_AFTER_MS from now.
    liveness.stillAlive(tx1);
    const from = now;
    expect(lostBy(from + SUSPECT_AFTER_MS)).toEqual([]);
    expect(lostBy(from + SUSPECT_AFTER_MS + HEARTBEAT_MS)).toEqual(['tx1 p.probe.tx1']);
  });

  it('behavior: silentServing names a silent replica of the service other than the one excepted', () => {
    let now = 0;
    const liveness = new ReplicaLiveness(() => now);
    liveness.heard({ replica: 'k1', services: ['keystore'] });
    liveness.heard({ replica: 'k2', services: ['keystore'] });
    now = 3 * HEARTBEAT_MS;
    liveness.heard({ replica: 'k2', services: ['keystore'] });
    expect(liveness.silentServing('keystore', 'k2', 2 * HEARTBEAT_MS)).toBe(true);
    expect(liveness.silentServing('keystore', 'k1', 2 * HEARTBEAT_MS)).toBe(false);
    expect(liveness.silentServing('tx', 'k2', 2 * HEARTBEAT_MS)).toBe(false);
  });

  it('behavior: when no heartbeat arrives at all (the caller lags, or the bus is down), no one is lost', () => {
    let now = 0;
    const liveness = new ReplicaLiveness(() => now);
    liveness.heard({ replica: 'q1', services: ['query'] });
    now = 10 * LOST_AFTER_MS;
    expect(liveness.takeLost()).toEqual([]);
    liveness.heard({ replica: 'q1', services: ['query'] });
    expect(liveness.takeLost()).toEqual([]);
  });
});
