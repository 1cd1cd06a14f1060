// One role of `photon cluster` as a child process: `photon <args>` with this process's node and CLI, its
// output merged into the cluster's one log stream line by line behind the role's name (stdout to stdout,
// stderr to stderr), as compose does. Its stdin is a pipe that ends when this process does, whatever
// kills it: the role then stops (main.ts), so no role outlives the cluster.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface RoleProcess {
  readonly role: string;
  readonly child: ChildProcess;
  /** Resolves with the exit code (null when a signal ended it). */
  readonly exited: Promise<number | null>;
  hasExited(): boolean;
  /** Whether a line of its output matched `pattern` so far. */
  saw(pattern: RegExp): boolean;
}

/** Set for a role: it then stops when its stdin ends (the cluster's process is gone). */
export const CLUSTER_ROLE_ENV = 'PHOTON_CLUSTER_ROLE';

/** The width role names are padded to, so the log lines align. */
export const ROLE_WIDTH = 10;

export function spawnRole(role: string, args: readonly string[]): RoleProcess {
  const cli = process.argv[1];
  if (cli === undefined) throw new Error('photon cluster: cannot tell where the photon CLI is');
  const child = spawn(process.execPath, [...process.execArgv, cli, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    // Nest colours its text lines unless told not to: escape codes only help a terminal.
    env: { ...process.env, [CLUSTER_ROLE_ENV]: '1', ...(process.stdout.isTTY ? {} : { NO_COLOR: '1' }) },
  });
  const label = `${role.padEnd(ROLE_WIDTH)} | `;
  const seen: string[] = [];
  const forward = (stream: NodeJS.ReadableStream | null, to: NodeJS.WriteStream): void => {
    if (stream === null) return;
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      // Kept only until the role is up: readiness is the one reader.
      if (seen.length < 200) seen.push(line);
      to.write(`${label}${line}\n`);
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  let done = false;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      done = true;
      resolve(code);
    });
    child.once('error', () => {
      done = true;
      resolve(null);
    });
  });
  return {
    role,
    child,
    exited,
    hasExited: () => done,
    saw: (pattern) => seen.some((line) => pattern.test(line)),
  };
}
