// Measures one workload against one running target: a preflight request whose reply must be a
// success, an autocannon warm-up, then the measured autocannon run.
import autocannon from 'autocannon';

import { rpcRaw } from '@photon/testing';

import { LatencyHistogram } from './latency';
import { type Workload } from './workloads';

export interface RunSettings {
  durationS: number;
  warmupS: number;
  connections: number;
  pipelining: number;
}

export interface Measurement {
  target: string;
  workload: Workload;
  /** Set when the preflight failed; the numbers below are then zero. */
  failure?: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Connection errors, including timeouts. */
  errors: number;
  /** 2xx replies whose body carried a JSON-RPC error. */
  rpcErrors: number;
}

// Cheap enough to run on every reply inside the load generator; the preflight does the real check.
function hasNoRpcError(body: string | Buffer | undefined): boolean {
  return body === undefined || !(typeof body === 'string' ? body : body.toString()).includes('"error"');
}

function load(
  url: string,
  workload: Workload,
  durationS: number,
  s: RunSettings,
  latency?: LatencyHistogram,
): Promise<autocannon.Result> {
  return autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: workload.body,
    connections: s.connections,
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
}

/** Sends the workload once; returns what is wrong with the reply, or undefined when it is fine. */
async function preflight(
  url: string,
  workload: Workload,
  checkReplies: boolean,
): Promise<string | undefined> {
  try {
    const reply = await rpcRaw(url, workload.body);
    if (reply.status < 200 || reply.status > 299) return `HTTP ${reply.status} ${reply.text.slice(0, 200)}`;
    const problem = checkReplies ? workload.check(reply.json) : undefined;
    return problem === undefined ? undefined : `${problem}; body ${reply.text.slice(0, 300)}`;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export async function measure(
  target: { name: string; url: string; checkReplies: boolean },
  workload: Workload,
  settings: RunSettings,
): Promise<Measurement> {
  const empty = {
    target: target.name,
    workload,
    reqPerSec: 0,
    p50Ms: 0,
    p99Ms: 0,
    non2xx: 0,
    errors: 0,
    rpcErrors: 0,
  };
  const problem = await preflight(target.url, workload, target.checkReplies);
  if (problem !== undefined) return { ...empty, failure: `preflight: ${problem}` };

  await load(target.url, workload, settings.warmupS, settings);
  const latency = new LatencyHistogram();
  const r = await load(target.url, workload, settings.durationS, settings, latency);
  return {
    ...empty,
    // autocannon's mean of per-second samples, the "Req/Sec Avg" of its own table.
    reqPerSec: r.requests.average,
    p50Ms: latency.percentile(50),
    p99Ms: latency.percentile(99),
    non2xx: r.non2xx,
    errors: r.errors,
    rpcErrors: r.mismatches,
  };
}
