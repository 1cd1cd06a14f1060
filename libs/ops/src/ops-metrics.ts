// The process's Prometheus metrics: what the gateway and the services count per call and the gateway's bus
// round trips (kept by Photon itself, call-series.ts), then a prom-client registry of its own with the process's
// metrics (CPU, memory, event loop, GC: prom-client's defaults under their usual names) and the scrape-time
// readings of ScrapeSources. Photon's metrics are named photon_*; the `service` label of a call names the layer
// that counted it (the gateway, or the service that ran it), so `photon start`, every layer in one process,
// keeps them apart.
import { Registry, collectDefaultMetrics } from 'prom-client';
import { CallSeries } from './call-series';
import { metricHeader } from './exposition';
import { HistogramCounts } from './histogram-counts';
import { INVALID_REQUEST, codeLabel, methodLabel } from './metric-labels';
import { ScrapeSources } from './scrape-sources';

/** Call latency buckets (s): an edge answer takes well under a millisecond, an eth_call may take seconds. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const BUS_ROUND_TRIP = {
  name: 'photon_bus_round_trip_seconds',
  help: 'Gateway to a service and back over the bus, per service (one message per call, or per batch)',
};

/**
 * The metrics counted on every call are kept by Photon (call-series.ts) and written after the registry's at each
 * scrape: through prom-client's counters and histograms (labels validated and hashed, a closure made, on every
 * observation) they took an in-process `web3_clientVersion` from 22k to 15k req/s with the ops listener on,
 * as every deployment runs (bench README, "The metrics' cost per call").
 */
export class OpsMetrics {
  readonly registry = new Registry();
  /** What the apps already keep, read at each scrape. */
  readonly sources: ScrapeSources;
  private readonly calls = new CallSeries({
    requests: {
      name: 'photon_rpc_requests_total',
      help: 'JSON-RPC calls answered, per layer that answered them and method',
    },
    errors: {
      name: 'photon_rpc_errors_total',
      help: 'JSON-RPC calls answered with an error, per layer, method and JSON-RPC error code',
    },
    duration: {
      name: 'photon_rpc_duration_seconds',
      help: 'Time to answer one JSON-RPC call, per layer and method',
      buckets: LATENCY_BUCKETS,
    },
  });
  /** Bus round trips per service. */
  private readonly roundTrips = new Map<string, HistogramCounts>();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.sources = new ScrapeSources(this.registry);
  }

  /** One call answered by `service` (the gateway or a service); `errorCode` when it failed. */
  observeCall(service: string, method: string, seconds: number, errorCode?: number): void {
    this.calls.answered(
      service,
      methodLabel(method),
      seconds,
      errorCode === undefined ? undefined : codeLabel(errorCode),
    );
  }

  /** A call `service` refused without running it (over a rate limit): counted, but not timed. */
  observeRefused(service: string, method: string, errorCode: number): void {
    this.calls.refused(service, methodLabel(method), codeLabel(errorCode));
  }

  /** A request item `service` refused before reading a method (not JSON, not a request object). */
  observeInvalid(service: string, errorCode: number): void {
    this.calls.refused(service, INVALID_REQUEST, codeLabel(errorCode));
  }

  observeBusRoundTrip(service: string, seconds: number): void {
    let counts = this.roundTrips.get(service);
    if (counts === undefined) {
      counts = new HistogramCounts(LATENCY_BUCKETS);
      this.roundTrips.set(service, counts);
    }
    counts.observe(seconds);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text exposition: the registry's metrics, then the ones counted per call. */
  async text(): Promise<string> {
    const registered = await this.registry.metrics();
    const roundTrips = [...metricHeader(BUS_ROUND_TRIP.name, BUS_ROUND_TRIP.help, 'histogram')];
    for (const [service, counts] of this.roundTrips)
      roundTrips.push(...counts.lines(BUS_ROUND_TRIP.name, [['service', service]]));
    return `${registered}\n${[...this.calls.blocks(), roundTrips.join('\n')].join('\n\n')}\n`;
  }
}
