// Waits until a role of `photon cluster` is up, as its readiness says: the engine's /health, a service's
// "serving on NATS" line, a gateway's /readyz. A role that exits first fails the wait with its name.
import type { RolePlan } from './cluster-plan';
import type { RoleProcess } from './role-process';

/** A cold Nest boot on a loaded 2-core machine, plus the bus handshake, with room to spare. */
const ROLE_START_MS = 120_000;
const POLL_MS = 200;

export async function waitForRole(
  process: RoleProcess,
  plan: RolePlan,
  cancelled: () => boolean,
): Promise<void> {
  const deadline = Date.now() + ROLE_START_MS;
  while (!cancelled()) {
    if (process.hasExited()) {
      throw new Error(`${plan.role} exited (${String(await process.exited)}) before it was up`);
    }
    if (await isUp(process, plan)) return;
    if (Date.now() > deadline) throw new Error(`${plan.role} was not up within ${ROLE_START_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function isUp(process: RoleProcess, plan: RolePlan): Promise<boolean> {
  if (plan.readiness === 'serving-on-nats') return process.saw(/ serving on NATS /);
  if (plan.probeUrl === undefined) return false;
  try {
    const reply = await fetch(plan.probeUrl, { signal: AbortSignal.timeout(2_000) });
    await reply.arrayBuffer();
    return reply.status === 200;
  } catch {
    return false;
  }
}
