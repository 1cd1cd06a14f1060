// The process's Prometheus metrics, in a registry of its own (prom-client): what the gateway and the services
// count per call and the gateway's bus round trips, plus the scrape-time readings of ScrapeSources. Photon's
// metrics are named photon_*; the `service` label of a call names the layer that counted it (the gateway,
// or the service that ran it), so `photon start`, every layer in one process, keeps them apart. The
// process's own metrics (CPU, memory, event loop, GC) are prom-client's defaults under their usual names.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { INVALID_REQUEST, codeLabel, methodLabel } from './metric-labels';
import { ScrapeSources } from './scrape-sources';

/** Call latency buckets (s): an edge answer takes well under a millisecond, an eth_call may take seconds. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export class OpsMetrics {
  readonly registry = new Registry();
  /** What the apps already keep, read at each scrape. */
  readonly sources: ScrapeSources;
  private readonly requests: Counter<'service' | 'method'>;
  private readonly errors: Counter<'service' | 'method' | 'code'>;
  private readonly duration: Histogram<'service' | 'method'>;
  private readonly busRoundTrip: Histogram<'service'>;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'photon_rpc_requests_total',
      help: 'JSON-RPC calls answered, per layer that answered them and method',
      labelNames: ['service', 'method'],
      registers,
    });
    this.errors = new Counter({
      name: 'photon_rpc_errors_total',
      help: 'JSON-RPC calls answered with an error, per layer, method and JSON-RPC error code',
      labelNames: ['service', 'method', 'code'],
      registers,
    });
    this.duration = new Histogram({
      name: 'photon_rpc_duration_seconds',
      help: 'Time to answer one JSON-RPC call, per layer and method',
      labelNames: ['service', 'method'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.busRoundTrip = new Histogram({
      name: 'photon_bus_round_trip_seconds',
      help: 'Gateway to a service and back over the bus, per service (one message per call, or per batch)',
      labelNames: ['service'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.sources = new ScrapeSources(this.registry);
  }

  /** One call answered by `service` (the gateway or a service); `errorCode` when it failed. */
  observeCall(service: string, method: string, seconds: number, errorCode?: number): void {
    const labels = { service, method: methodLabel(method) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
    if (errorCode !== undefined) this.errors.inc({ ...labels, code: codeLabel(errorCode) });
  }

  /** A call `service` refused without running it (over a rate limit): counted, but not timed. */
  observeRefused(service: string, method: string, errorCode: number): void {
    const labels = { service, method: methodLabel(method) };
    this.requests.inc(labels);
    this.errors.inc({ ...labels, code: codeLabel(errorCode) });
  }

  /** A request item `service` refused before reading a method (not JSON, not a request object). */
  observeInvalid(service: string, errorCode: number): void {
    const labels = { service, method: INVALID_REQUEST };
    this.requests.inc(labels);
    this.errors.inc({ ...labels, code: codeLabel(errorCode) });
  }

  observeBusRoundTrip(service: string, seconds: number): void {
    this.busRoundTrip.observe({ service }, seconds);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text exposition. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
