// The operations side of one photon command: its draining state (set first on SIGTERM), its metrics (made
// only with --ops-laddr, so a process nobody scrapes counts nothing) and the ops listener serving them.
import type { ListenAddress } from '@photon/config';
import { Draining, OpsMetrics, type ReadinessSource, serveOps } from '@photon/ops';
import type { PhotonLogger } from '../photon-logger';
import type { Closer } from '../running-process';

export class ProcessOps {
  readonly draining = new Draining();
  readonly metrics: OpsMetrics | undefined;

  constructor(private readonly laddr: ListenAddress | null) {
    this.metrics = laddr === null ? undefined : new OpsMetrics();
  }

  /** Starts the ops listener when --ops-laddr is set; returns its closer, to run last on the way out. */
  async serve(command: string, readiness: ReadinessSource, logger: PhotonLogger): Promise<Closer> {
    if (this.laddr === null || this.metrics === undefined) return () => Promise.resolve();
    const server = await serveOps(this.laddr, { readiness, metrics: this.metrics });
    logger.announce(
      `photon ${command}: ops on http://${this.laddr.host}:${server.port} (/healthz, /readyz, /metrics)`,
    );
    return () => server.close();
  }

  /** The first thing done on SIGTERM: readiness turns false while the rest closes. */
  readonly beginDraining: Closer = () => {
    this.draining.begin();
    return Promise.resolve();
  };
}
