// The `relay` target: the floor of the cluster's parts. A Photon cluster on a copy of the bench chain (its
// devnet is the engine, its gateway fills the relay's edge map, its services stay idle), and beside it a
// relay of the same parts doing none of Photon's own work: relay-gateway.js (node:http, an edge map, NATS)
// and relay-query.js (NATS, Photon's engine client). What the relay reaches, Photon's services could at
// best; where it falls short of a goal, the goal is out of reach for these parts on this box, whatever
// Photon's own code does. It serves every workload but keeps no answer Photon keeps per head (a repeated
// eth_call or eth_getBalance goes to the engine every time): its rows that matter are the mix and the
// envelope.
import { join } from 'node:path';
import { freePort, spawnProcess, waitForReady } from '@photon/testing';
import { startBenchStack } from '../bench-stack';
import { PUBLIC_MIX } from '../public-mix';
import { call } from '../rpc-calls';
import type { RunningTarget, TargetContext } from '../targets';
import { EDGE_METHODS } from './edge-methods';

export async function startRelay(context: TargetContext): Promise<RunningTarget> {
  const cluster = await startBenchStack('cluster', await context.chainDir(), { queryReplicas: 1 });
  const { stack } = cluster;
  const port = await freePort();
  const subject = `relay.${stack.busPrefix}`;
  const script = (name: string) => join(__dirname, name);
  const query = spawnProcess(process.execPath, [
    script('relay-query.js'),
    stack.natsUrl,
    subject,
    stack.devnetUrl,
  ]);
  const gateway = spawnProcess(process.execPath, [
    script('relay-gateway.js'),
    String(port),
    stack.natsUrl,
    subject,
    stack.httpUrl,
  ]);
  const stop = async () => {
    await Promise.all([query.stop(), gateway.stop()]);
    await cluster.stop();
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(url, { timeoutMs: 20_000 }, gateway);
    await fillEdge(url, context.chainHeight);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, processes: [...stack.all, query, gateway], stop };
}

/** Asks every distinct edge request of the mix once, so the relay's map holds them before the warm-up. */
async function fillEdge(url: string, chainHeight: number): Promise<void> {
  const bodies = new Set<string>();
  for (const method of PUBLIC_MIX.filter((m) => EDGE_METHODS.has(m.method))) {
    for (let k = 0; k < chainHeight; k++)
      bodies.add(JSON.stringify(call(method.method, method.paramsAt(k), 1)));
  }
  const all = [...bodies];
  for (let start = 0; start < all.length; start += 20) {
    await Promise.all(
      all.slice(start, start + 20).map(async (body) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        if (!response.ok) throw new Error(`relay: filling its edge map failed: HTTP ${response.status}`);
        await response.text();
      }),
    );
  }
}
