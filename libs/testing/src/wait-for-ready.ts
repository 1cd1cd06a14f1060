// Waits for a Photon (or bench target) HTTP endpoint to answer GET /readyz with 200, failing
// fast with the children's output if one of them dies first.
import { type ManagedProcess } from './spawn-process';
import { waitFor } from './wait-for';

export interface WaitForReadyOptions {
  /** Default 20 s: a cold Nest boot plus the bus handshake. */
  timeoutMs?: number;
}

/** Formats the captured output of each process for an error message. */
export function describeOutput(procs: readonly ManagedProcess[]): string {
  return procs
    .map(
      (p) =>
        `--- output of pid ${p.child.pid ?? '?'} (${p.child.spawnargs.slice(1).join(' ')}) ---\n${p.output()}`,
    )
    .join('\n');
}

/**
 * Polls GET `${baseUrl}/readyz` until 200. When `proc` is given, its output is included in the
 * error, and the wait stops early if any of those processes exits.
 */
export async function waitForReady(
  baseUrl: string,
  opts: WaitForReadyOptions = {},
  proc?: ManagedProcess | readonly ManagedProcess[],
): Promise<void> {
  const procs: readonly ManagedProcess[] = proc === undefined ? [] : 'child' in proc ? [proc] : proc;
  const url = new URL('/readyz', baseUrl).toString();
  let last = 'no answer yet';
  await waitFor(
    async () => {
      const dead = procs.find((p) => p.hasExited());
      if (dead !== undefined) {
        const code = await dead.exited;
        throw new Error(
          `${dead.child.spawnargs.slice(1).join(' ')} exited (code ${String(code)}) before ${url} was ready\n` +
            describeOutput(procs),
        );
      }
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
        await res.arrayBuffer();
        last = `HTTP ${res.status}`;
        return res.status === 200;
      } catch (err) {
        last = err instanceof Error ? err.message : String(err);
        return false;
      }
    },
    {
      timeoutMs: opts.timeoutMs ?? 20_000,
      intervalMs: 100,
      what: `${url} to return 200`,
      detail: () => `last answer: ${last}${procs.length > 0 ? `\n${describeOutput(procs)}` : ''}`,
    },
  );
}
