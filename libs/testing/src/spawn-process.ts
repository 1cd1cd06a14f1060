// Runs a child process whose output is captured for error messages and which cannot outlive
// the test worker (or bench run) that started it.
import { type ChildProcess, spawn } from 'node:child_process';

/** A spawned child with its captured output and a stop that always ends in an exit. */
export interface ManagedProcess {
  readonly child: ChildProcess;
  /** stdout and stderr interleaved as received (the last 256 KiB or so). */
  output(): string;
  /** Sends `signal` (SIGTERM by default), then SIGKILL after 5 s; resolves once the child exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Resolves with the exit code, or null when killed by a signal or never started. */
  readonly exited: Promise<number | null>;
  /** True once the child has exited (or failed to spawn). */
  hasExited(): boolean;
}

export interface SpawnOptions {
  /** Added to (and overriding) the parent's environment. */
  env?: Record<string, string>;
  cwd?: string;
}

const OUTPUT_LIMIT = 256 * 1024;
const KILL_AFTER_MS = 5_000;

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

// 'exit' handlers must be synchronous: a SIGKILL is the only thing that can still be done.
function killLiveChildren(): void {
  for (const child of live) child.kill('SIGKILL');
}

/** Spawns `command args…` with piped output; the child is SIGKILLed if this process exits first. */
export function spawnProcess(
  command: string,
  args: readonly string[],
  opts: SpawnOptions = {},
): ManagedProcess {
  if (!exitHookInstalled) {
    process.on('exit', killLiveChildren);
    exitHookInstalled = true;
  }

  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);

  // Chunks are dropped from the front rather than re-slicing one string, so a chatty child under
  // bench load costs the parent (the load generator) little.
  const chunks: string[] = [];
  let size = 0;
  const capture = (chunk: Buffer | string): void => {
    const text = chunk.toString();
    chunks.push(text);
    size += text.length;
    while (chunks.length > 1 && size - (chunks[0]?.length ?? 0) >= OUTPUT_LIMIT)
      size -= chunks.shift()?.length ?? 0;
  };
  const output = (): string => chunks.join('').slice(-OUTPUT_LIMIT);
  child.stdout?.on('data', capture);
  child.stderr?.on('data', capture);

  let done = false;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      done = true;
      live.delete(child);
      resolve(code);
    });
    // Spawn failures emit 'error' without 'exit'.
    child.once('error', (err) => {
      capture(`\n[spawn error] ${err.message}\n`);
      if (child.pid === undefined) {
        done = true;
        live.delete(child);
        resolve(null);
      }
    });
  });

  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    if (done) return;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    try {
      await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  return { child, output, stop, exited, hasExited: () => done };
}
