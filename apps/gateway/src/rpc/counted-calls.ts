// Counts what the gateway answers in the process's metrics (with the ops listener on): each call's method,
// time and error code, the calls refused over a rate limit, and the request items refused before a
// method was read. Only method names of the
// method table and codes become labels (see @photon/ops), never params.
import { type InvokeCall, type ParsedBody, rejectedWith } from '@photon/codec';
import { type OpsMetrics, errorCodeOf } from '@photon/ops';

const LAYER = 'gateway';

export function countedInvoke(invoke: InvokeCall, metrics: OpsMetrics): InvokeCall {
  // A promise chain, not an async function: one promise and microtask turn fewer on every call. An invoke
  // that throws at once is counted and rejects, as it did inside the async function.
  return (call) => {
    const started = performance.now();
    let trip: Promise<unknown>;
    try {
      trip = invoke(call);
    } catch (error) {
      trip = rejectedWith(error);
    }
    return trip.then(
      (result) => {
        metrics.observeCall(LAYER, call.method, (performance.now() - started) / 1000);
        return result;
      },
      (error: unknown) => {
        metrics.observeCall(LAYER, call.method, (performance.now() - started) / 1000, errorCodeOf(error));
        throw error;
      },
    );
  };
}

/** A call the gateway answered at once, without `invoke`, counted as `countedInvoke` counts one. */
export function countAnsweredNow(method: string, startedMs: number, metrics: OpsMetrics): void {
  metrics.observeCall(LAYER, method, (performance.now() - startedMs) / 1000);
}

/** The body as a whole (not JSON, an empty batch) or items of it refused before a method was read. */
export function countRefused(body: ParsedBody, metrics: OpsMetrics): void {
  countItems(body, metrics);
}

/** Every item of a body refused as a whole (over the rate limit) with `code`: calls by method, the rest invalid. */
export function countRefusedBody(body: ParsedBody, code: number, metrics: OpsMetrics): void {
  countItems(body, metrics, code);
}

/** Invalid items (and a rejected body) as invalid; with `refusedCode`, the valid calls as refused with it. */
function countItems(body: ParsedBody, metrics: OpsMetrics, refusedCode?: number): void {
  if (body.kind === 'rejected') {
    metrics.observeInvalid(LAYER, body.response.error.code);
    return;
  }
  for (const item of body.kind === 'single' ? [body.item] : body.items) {
    if (!item.ok) metrics.observeInvalid(LAYER, item.response.error.code);
    else if (refusedCode !== undefined) metrics.observeRefused(LAYER, item.call.method, refusedCode);
  }
}

/** `trip`, a bus exchange with `service`, timed into the round-trip histogram when it settles. */
export function timedTrip<T>(trip: Promise<T>, service: string, metrics: OpsMetrics | undefined): Promise<T> {
  if (metrics === undefined) return trip;
  const started = performance.now();
  const settled = () => metrics.observeBusRoundTrip(service, (performance.now() - started) / 1000);
  trip.then(settled, settled);
  return trip;
}
