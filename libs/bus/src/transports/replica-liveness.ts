// How the processes on the bus tell each other they are alive: every bus user publishes a heartbeat, the
// service replicas naming the services they serve. A caller declares a replica lost when the newest heartbeat
// from anyone is LOST_AFTER_MS ahead of that replica's last one: a caller whose own event loop lags sees
// every heartbeat late alike, and so declares no one lost for it.
import type { ServiceName } from '@photon/types';

/** How often each process says it is alive. */
export const HEARTBEAT_MS = 500;

/** Three heartbeats missed while others arrived: the replica is gone (killed, or cut off the bus). */
export const LOST_AFTER_MS = 3 * HEARTBEAT_MS;

export const heartbeatSubject = (prefix: string) => `${prefix}.alive`;

/** One heartbeat: `services` empty for a process that only calls. */
export interface Heartbeat {
  readonly replica: string;
  readonly services: readonly ServiceName[];
}

/**
 * Services whose every method only reads (apps/query: chain state, blocks, logs, calls): a call of theirs
 * may run twice, so one held by a lost replica is sent again. Any other call held by a lost replica fails.
 */
export const IDEMPOTENT_SERVICES: readonly ServiceName[] = ['query'];

/** NATS header of the empty message a replica sends as it takes a call whose request asked for it. */
export const TAKEN_HEADER = 'Photon-Taken';

/**
 * NATS request header asking the replica to say it took the call (calls of non-idempotent services): opt-in,
 * so a plain request/reply caller still gets the answer as the first message.
 */
export const SAY_TAKEN_HEADER = 'Photon-Say-Taken';

/** Knows the replicas heard of and says which went silent. */
export class ReplicaLiveness {
  private readonly lastSeen = new Map<string, { at: number; services: readonly ServiceName[] }>();
  private newest = 0;

  constructor(private readonly now: () => number = Date.now) {}

  heard(beat: Heartbeat): void {
    const at = this.now();
    this.newest = at;
    this.lastSeen.set(beat.replica, { at, services: beat.services });
  }

  /** The replicas silent for LOST_AFTER_MS while others were heard, forgotten as they are returned. */
  takeLost(): Heartbeat[] {
    const lost: Heartbeat[] = [];
    for (const [replica, seen] of this.lastSeen)
      if (this.newest - seen.at > LOST_AFTER_MS) {
        this.lastSeen.delete(replica);
        if (seen.services.length > 0) lost.push({ replica, services: seen.services });
      }
    return lost;
  }
}
