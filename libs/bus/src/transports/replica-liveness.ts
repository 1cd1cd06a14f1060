// How the processes on the bus tell each other they are alive: every bus user publishes a heartbeat, the
// service replicas naming the services they serve. A caller suspects a replica when the newest heartbeat from
// anyone is far enough ahead of that replica's last one: a caller whose own event loop lags sees every
// heartbeat late alike, and so suspects no one for it. After three missed heartbeats (SUSPECT_AFTER_MS) the
// reads a suspect may hold are sent again (a replica merely slow costs a duplicate read), and its other calls
// fail only if NATS says its connection is gone (see probeSubject): a replica whose event loop is starved (a
// container starting on a busy host: a compose e2e saw a tx replica silent for over 3 s) is alive and will
// still answer, while a killed one's calls fail within a second instead of at their timeout. A replica of an
// older release, whose heartbeat names no probe, has its other calls failed after LOST_AFTER_MS of silence.
import type { ServiceName } from '@photon/types';

/** How often each process says it is alive. */
export const HEARTBEAT_MS = 250;

/** Three heartbeats missed while others arrived: a replica is suspected (its reads go again, it is probed). */
export const SUSPECT_AFTER_MS = 3 * HEARTBEAT_MS;

/**
 * Twelve heartbeats missed while others arrived: a replica with no probe (an older release) serving more than
 * reads is taken for gone. Longer than SUSPECT_AFTER_MS: with no probe to ask, its calls fail on silence
 * alone, and a replica starved of CPU for a second or two is not dead.
 */
export const LOST_AFTER_MS = 12 * HEARTBEAT_MS;

export const heartbeatSubject = (prefix: string) => `${prefix}.alive`;

/**
 * A replica's own subject, subscribed on its bus connection: NATS answers a request to it with "no
 * responders" at once when that connection is gone (the process killed, or dropped by the server), and
 * otherwise lets it answer (or not, while its event loop is stalled). `id` is a subject token.
 */
export const probeSubject = (prefix: string, id: string) => `${prefix}.probe.${id}`;

/** One heartbeat: `services` empty for a process that only calls. */
export interface Heartbeat {
  readonly replica: string;
  readonly services: readonly ServiceName[];
  /** The replica's probeSubject (absent from releases before it, and from processes that only call). */
  readonly probe?: string;
}

/**
 * Services whose every method only reads (apps/query: chain state, blocks, logs, calls): a call of theirs
 * may run twice, so one held by a lost replica is sent again. Any other call held by a lost replica fails,
 * filter polls included: two polls propose two cursors, and the reply the gateway takes may be the one whose
 * proposal the other replaced (a NATS restart under load showed a block filter missing a block that way).
 */
export const IDEMPOTENT_SERVICES: readonly ServiceName[] = ['query'];

/** Whether every call of a replica serving `services` may be sent again (none of its calls is a write). */
export const servesOnlyReads = (services: readonly ServiceName[]): boolean =>
  services.length > 0 && services.every((service) => IDEMPOTENT_SERVICES.includes(service));

/** NATS header of the empty message a replica sends as it takes a call whose request asked for it. */
export const TAKEN_HEADER = 'Photon-Taken';

/**
 * NATS request header asking the replica to say it took the call (calls of non-idempotent services): opt-in,
 * so a plain request/reply caller still gets the answer as the first message.
 */
export const SAY_TAKEN_HEADER = 'Photon-Say-Taken';

/** Knows the replicas heard of and says which went silent. */
export class ReplicaLiveness {
  private readonly lastSeen = new Map<
    string,
    { at: number; services: readonly ServiceName[]; probe?: string }
  >();
  private newest = 0;

  constructor(private readonly now: () => number = Date.now) {}

  heard(beat: Heartbeat): void {
    const at = this.now();
    this.newest = at;
    this.lastSeen.set(beat.replica, { at, services: beat.services, probe: beat.probe });
  }

  /**
   * Takes back a replica returned by takeLost that was found alive though silent: it is given up again only
   * after another silence of its length (counted from now), unless it is heard first.
   */
  stillAlive(beat: Heartbeat): void {
    if (!this.lastSeen.has(beat.replica))
      this.lastSeen.set(beat.replica, { at: this.now(), services: beat.services, probe: beat.probe });
  }

  /** Whether a replica other than `except` serving `service` has missed `silentForMs` of heartbeats. */
  silentServing(service: ServiceName, except: string, silentForMs: number): boolean {
    for (const [replica, seen] of this.lastSeen)
      if (replica !== except && seen.services.includes(service) && this.newest - seen.at > silentForMs)
        return true;
    return false;
  }

  /**
   * The replicas silent while others were heard, for SUSPECT_AFTER_MS when they have a probe or serve only
   * idempotent services, else LOST_AFTER_MS; forgotten as they are returned.
   */
  takeLost(): Heartbeat[] {
    const lost: Heartbeat[] = [];
    for (const [replica, seen] of this.lastSeen)
      if (this.newest - seen.at > silenceAllowedMs(seen)) {
        this.lastSeen.delete(replica);
        if (seen.services.length > 0) lost.push({ replica, services: seen.services, probe: seen.probe });
      }
    return lost;
  }
}

function silenceAllowedMs(seen: { services: readonly ServiceName[]; probe?: string }): number {
  return seen.probe !== undefined || servesOnlyReads(seen.services) ? SUSPECT_AFTER_MS : LOST_AFTER_MS;
}
