// Talks to one running target: a preflight request whose reply must be a success, and one
// measurement (an optional autocannon warm-up, then the measured autocannon run).
import autocannon from 'autocannon';

import { rpcRaw } from '@photon/testing';

import { type CpuMeter } from './cpu-meter';
import { LatencyHistogram } from './latency';
import { type CpuCost } from './proc-stat';
import { type Sample } from './stats';
import { type Workload } from './workloads';

export interface LoadSettings {
  connections: number;
  pipelining: number;
}

export interface MeasureSettings extends LoadSettings {
  /** Measured seconds. */
  durationS: number;
  /** Unmeasured seconds of the same load first; 0 for none. */
  warmupS: number;
  /** Reads the target's processes' CPU time right before and after the measured window. */
  cpu?: CpuMeter;
}

// Cheap enough to run on every reply inside the load generator; the preflight does the real check.
function hasNoRpcError(body: string | Buffer | undefined): boolean {
  return body === undefined || !(typeof body === 'string' ? body : body.toString()).includes('"error"');
}

/** The connections a workload is measured with: --connections, capped by the workload's own limit. */
export function connectionsFor(workload: Workload, s: LoadSettings): number {
  return Math.min(s.connections, workload.maxConnections ?? s.connections);
}

// One counter for the whole run, so no request of a `bodyAt` workload repeats an earlier one's body,
// not even in a later round or against another target.
let nextRequest = 0;

/** autocannon's per-request bodies for a `bodyAt` workload; nothing for a fixed body. */
function perRequestBodies(workload: Workload): Pick<autocannon.Options, 'requests'> {
  const bodyAt = workload.bodyAt;
  if (bodyAt === undefined) return {};
  return { requests: [{ setupRequest: (request) => ({ ...request, body: bodyAt(nextRequest++) }) }] };
}

async function load(
  url: string,
  workload: Workload,
  durationS: number,
  s: LoadSettings,
  latency?: LatencyHistogram,
  cpu?: CpuMeter,
): Promise<{ result: autocannon.Result; cpu?: CpuCost[]; loadCpu?: number }> {
  const before = await cpu?.read();
  // The load generator runs in this process: its CPU over the window is what driving the target cost.
  const ownBefore = process.cpuUsage();
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: workload.body,
    ...perRequestBodies(workload),
    connections: connectionsFor(workload, s),
    pipelining: s.pipelining,
    duration: durationS,
    verifyBody: hasNoRpcError,
    ...(latency === undefined
      ? {}
      : {
          setupClient: (client: autocannon.Client) => {
            client.on('response', (_status, _bytes, responseTime) => latency.record(responseTime));
          },
        }),
  });
  // Read before the backlog below is worked off: the window's CPU over the requests it completed.
  const own = process.cpuUsage(ownBefore);
  const after = await cpu?.read();
  const costs =
    cpu === undefined || before === undefined || after === undefined
      ? undefined
      : cpu.costs(before, after, result.requests.total);
  // autocannon drops its connections when time is up, but the target still works off the request
  // each one had in flight; one more request, answered about when those are, keeps that backlog out
  // of the next measurement (which may be another target's, or the baseline it is divided by).
  await rpcRaw(url, workload.body).catch(() => undefined);
  if (costs === undefined) return { result };
  const requests = result.requests.total;
  return requests > 0
    ? { result, cpu: costs, loadCpu: (own.user + own.system) / requests }
    : { result, cpu: costs };
}

/** What is wrong with the reply to one preflight request, or undefined when it is fine. */
async function preflightOne(
  url: string,
  body: string,
  check: ((reply: unknown) => string | undefined) | undefined,
): Promise<string | undefined> {
  const reply = await rpcRaw(url, body);
  if (reply.status < 200 || reply.status > 299) return `HTTP ${reply.status} ${reply.text.slice(0, 200)}`;
  const problem = check?.(reply.json);
  return problem === undefined ? undefined : `${problem}; body ${reply.text.slice(0, 300)}`;
}

/**
 * Sends the workload's body once (and each of a mix's other kinds of request); returns what is wrong
 * with the first bad reply, or undefined when all are fine.
 */
export async function preflight(
  url: string,
  workload: Workload,
  checkReplies: boolean,
): Promise<string | undefined> {
  const requests = [
    { body: workload.body, check: (reply: unknown) => workload.check(reply) },
    ...(workload.alsoPreflight ?? []),
  ];
  try {
    for (const r of requests) {
      const problem = await preflightOne(url, r.body, checkReplies ? r.check : undefined);
      if (problem !== undefined) return problem;
    }
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** Warms up (when asked), then measures `workload` against `url` for `durationS` seconds. */
export async function measure(url: string, workload: Workload, settings: MeasureSettings): Promise<Sample> {
  if (settings.warmupS > 0) await load(url, workload, settings.warmupS, settings);
  const latency = new LatencyHistogram();
  const {
    result: r,
    cpu,
    loadCpu,
  } = await load(url, workload, settings.durationS, settings, latency, settings.cpu);
  return {
    ...(cpu === undefined ? {} : { cpu }),
    ...(loadCpu === undefined ? {} : { loadCpu }),
    requests: r.requests.total,
    // autocannon's mean of per-second samples, the "Req/Sec Avg" of its own table.
    reqPerSec: r.requests.average,
    p50Ms: latency.percentile(50),
    p99Ms: latency.percentile(99),
    non2xx: r.non2xx,
    errors: r.errors,
    rpcErrors: r.mismatches,
  };
}
