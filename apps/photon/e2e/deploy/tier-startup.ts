// What happened to a compose project's containers while `up` ran, read back from the daemon once it has
// failed: each container's state, health and restart count, and the exits and OOM kills the daemon recorded.
// Compose (v1 and v2 alike) gives up on a dependency the moment the daemon calls it unhealthy, and the
// daemon calls a container unhealthy from the instant its process exits until its restart policy has started
// it again; so a container that exits once at start fails `up` though the tier then comes up by itself.
// `restartedAfterExit` tells that case apart from a container that stays unhealthy.
import { run } from './docker-host';

export interface TierContainer {
  /** The short id `docker ps` prints. */
  readonly id: string;
  readonly name: string;
  readonly service: string;
}

export interface ContainerExit {
  readonly at: Date;
  readonly exitCode: number;
  readonly oomKilled: boolean;
}

export interface ContainerStartup extends TierContainer {
  readonly status: string;
  /** `starting`, `healthy` or `unhealthy`; undefined for a container without a healthcheck. */
  readonly health: string | undefined;
  readonly restarts: number;
  /** Each exit of its process since `up` began, oldest first. */
  readonly exits: readonly ContainerExit[];
}

interface DockerEvent {
  readonly id: string;
  readonly Action: string;
  readonly timeNano: number;
  readonly Actor: { readonly Attributes: Readonly<Record<string, string>> };
}

/** Every container of a compose project, running or not, by short id. */
export async function projectContainers(project: string): Promise<TierContainer[]> {
  const { stdout } = await run('docker', [
    'ps',
    '-a',
    '--filter',
    `label=com.docker.compose.project=${project}`,
    '--format',
    '{{.ID}} {{.Names}} {{.Label "com.docker.compose.service"}}',
  ]);
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [id = '', name = '', service = ''] = line.split(' ');
      return { id, name, service };
    });
}

/**
 * The containers Compose says are unhealthy, each once: short ids from 1.29 (`Container "<id>" is
 * unhealthy.`), names from v2 (`dependency failed to start: container <name> is unhealthy`).
 */
export function unhealthyIds(composeOutput: string): string[] {
  const named = composeOutput.matchAll(/[Cc]ontainer "?([\w.-]+)"? is unhealthy/g);
  return [...new Set([...named].map((m) => m[1]!))];
}

/** The exits (`die`) and OOM kills of the project's containers between `since` and now, by container id. */
async function exitsSince(project: string, since: Date): Promise<Map<string, ContainerExit[]>> {
  const { stdout } = await run('docker', [
    'events',
    '--since',
    (since.getTime() / 1000).toFixed(3),
    '--until',
    (Date.now() / 1000).toFixed(3),
    '--filter',
    'type=container',
    '--filter',
    `label=com.docker.compose.project=${project}`,
    '--filter',
    'event=die',
    '--filter',
    'event=oom',
    '--format',
    '{{json .}}',
  ]);
  const events = stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as DockerEvent);
  const exits = new Map<string, ContainerExit[]>();
  const oomAt = new Set<string>();
  for (const event of events) {
    if (event.Action === 'oom') oomAt.add(event.id);
    if (event.Action !== 'die') continue;
    const list = exits.get(event.id) ?? [];
    list.push({
      at: new Date(event.timeNano / 1e6),
      exitCode: Number(event.Actor.Attributes['exitCode'] ?? NaN),
      oomKilled: oomAt.delete(event.id),
    });
    exits.set(event.id, list);
  }
  return exits;
}

/** Every container of the project as the daemon holds it now, with its exits since `since`. */
export async function startupOf(project: string, since: Date): Promise<ContainerStartup[]> {
  const [containers, exits] = await Promise.all([projectContainers(project), exitsSince(project, since)]);
  return Promise.all(
    containers.map(async ({ id, name, service }) => {
      const { stdout } = await run('docker', [
        'inspect',
        '--format',
        '{{.Id}} {{.State.Status}} {{.RestartCount}} {{if .State.Health}}{{.State.Health.Status}}{{end}}',
        id,
      ]);
      const [fullId = '', status = '', restarts = '0', health] = stdout.trim().split(' ');
      return {
        id,
        name,
        service,
        status,
        health,
        restarts: Number(restarts),
        exits: exits.get(fullId) ?? [],
      };
    }),
  );
}

/** Whether Compose's `ref` (a name, or an id of any length) is this container. */
const isNamed = (container: TierContainer, ref: string): boolean =>
  ref === container.name || container.id.startsWith(ref) || ref.startsWith(container.id);

const byRef = (startup: readonly ContainerStartup[], ref: string) => startup.find((c) => isNamed(c, ref));

/** The containers of `startup` that `ids` (Compose's ids or names) name. */
export function namedIn(startup: readonly ContainerStartup[], ids: readonly string[]): ContainerStartup[] {
  return startup.filter((c) => ids.some((id) => isNamed(c, id)));
}

/**
 * The project's containers once every container Compose called unhealthy is running (again), or as they are
 * when `timeoutMs` passes first: the daemon starts an exited container again 100 ms or more after its exit,
 * so a read right after `up` failed can fall in that gap.
 */
export async function startupAfterRestarts(
  project: string,
  ids: readonly string[],
  since: Date,
  timeoutMs = 20_000,
): Promise<ContainerStartup[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const startup = await startupOf(project, since);
    const settled = ids.every((id) => byRef(startup, id)?.status === 'running');
    if (settled || Date.now() >= deadline) return startup;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Whether every container Compose called unhealthy had exited and been started again by its restart policy:
 * running now, its health back to `starting` or `healthy`, with an exit recorded since `up` began.
 */
export function restartedAfterExit(startup: readonly ContainerStartup[], ids: readonly string[]): boolean {
  if (ids.length === 0) return false;
  return ids.every((id) => {
    const container = byRef(startup, id);
    return (
      container !== undefined &&
      container.status === 'running' &&
      container.health !== 'unhealthy' &&
      container.restarts > 0 &&
      container.exits.length > 0
    );
  });
}

/** One line a container: what a failure's message opens with, before Compose's own output. */
export function describeStartup(startup: readonly ContainerStartup[]): string {
  return startup
    .map((c) => {
      const exits = c.exits
        .map((e) => `exited ${e.exitCode}${e.oomKilled ? ' (OOM killed)' : ''} at ${e.at.toISOString()}`)
        .join(', ');
      return `${c.service} ${c.id}: ${c.status} ${c.health ?? '(no healthcheck)'}, restarts ${c.restarts}${exits === '' ? '' : `, ${exits}`}`;
    })
    .join('\n');
}
