// A `nats-server` (JetStream on) or `redis-server` (AOF on) that a test starts on a free port with its
// own data directory, so it may kill and restart it without touching the machine's shared servers.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { connect } from 'node:net';
import { freePort } from './free-port';
import { type ManagedProcess, spawnProcess } from './spawn-process';
import { waitFor } from './wait-for';

/** A server the test owns: restartable on the same port and data directory. */
export interface OwnServer {
  readonly url: string;
  readonly port: number;
  /** The data directory (JetStream store or Redis AOF dir), kept across restarts. */
  readonly dir: string;
  /** The running process (a new one after each start). */
  current(): ManagedProcess;
  /** Sends `signal` and resolves once the process exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and directory; resolves once it accepts TCP. */
  start(): Promise<void>;
  /** Called with each new process, e.g. to keep its output. */
  onStart(listener: (server: ManagedProcess) => void): void;
}

/** Resolves true once something accepts TCP on 127.0.0.1:`port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const probe = connect(port, '127.0.0.1', () => {
      probe.destroy();
      resolve(true);
    });
    probe.on('error', () => resolve(false));
  });
}

async function ownServer(
  name: string,
  dir: string,
  url: (port: number) => string,
  command: string,
  args: (port: number) => string[],
): Promise<OwnServer> {
  await mkdir(dir, { recursive: true });
  const port = await freePort();
  const listeners: ((server: ManagedProcess) => void)[] = [];
  let proc: ManagedProcess | undefined;
  const start = async (): Promise<void> => {
    const started = spawnProcess(command, args(port), { cwd: dir });
    proc = started;
    for (const listener of listeners) listener(started);
    await waitFor(
      async () => {
        if (started.hasExited()) throw new Error(`${name} exited:\n${started.output()}`);
        return accepts(port);
      },
      { what: `${name} on port ${port}`, timeoutMs: 15_000 },
    );
  };
  const server: OwnServer = {
    url: url(port),
    port,
    dir,
    current: () => {
      if (proc === undefined) throw new Error(`${name} never started`);
      return proc;
    },
    kill: async (signal) => {
      if (proc === undefined || proc.hasExited()) return;
      proc.child.kill(signal);
      await proc.exited;
    },
    start,
    onStart: (listener) => {
      listeners.push(listener);
      if (proc !== undefined) listener(proc);
    },
  };
  await start();
  return server;
}

/** A `nats-server -js` on a free port of 127.0.0.1 storing JetStream under `dir`. */
export function startOwnNats(dir: string): Promise<OwnServer> {
  return ownServer(
    'nats-server',
    dir,
    (port) => `nats://127.0.0.1:${port}`,
    'nats-server',
    (port) => ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', join(dir, 'jetstream')],
  );
}

/** A `redis-server` with AOF on (fsync every write, so a SIGKILL loses nothing acknowledged) under `dir`. */
export function startOwnRedis(dir: string): Promise<OwnServer> {
  return ownServer(
    'redis-server',
    dir,
    (port) => `redis://127.0.0.1:${port}`,
    'redis-server',
    (port) => [
      '--bind',
      '127.0.0.1',
      '--port',
      String(port),
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'always',
      '--save',
      '',
    ],
  );
}
