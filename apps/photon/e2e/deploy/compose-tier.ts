// The repo's docker-compose.yml run as a tier of its own: the file and compose/'s configs copied to a
// temp dir with fresh secrets (make-secrets.sh there, so the developer's compose/secrets stay
// untouched), a project name, host ports and a /24 no other network on the daemon uses, so it runs
// beside anyone's own tier. The image is given by PHOTON_IMAGE.
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from '@photon/testing';
import { ROOT } from './deploy-files';
import { run } from './docker-host';
import {
  type ContainerStartup,
  type TierContainer,
  describeStartup,
  namedIn,
  projectContainers,
  restartedAfterExit,
  startupAfterRestarts,
  startupOf,
  unhealthyIds,
} from './tier-startup';

/** Whether two IPv4 CIDRs share an address. */
function overlaps(a: string, b: string): boolean {
  const parse = (cidr: string) => {
    const [base = '', bits = '32'] = cidr.split('/');
    const start = base.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
    const size = 2 ** (32 - Number(bits));
    return { start: Math.floor(start / size) * size, size };
  };
  const x = parse(a);
  const y = parse(b);
  return x.start < y.start + y.size && y.start < x.start + x.size;
}

/** The first three octets of a 172.30.x.0/24 no network of the daemon overlaps. */
async function freeNet(): Promise<string> {
  const ids = (await run('docker', ['network', 'ls', '-q'])).stdout.split('\n').filter((id) => id !== '');
  const inspected = await run('docker', [
    'network',
    'inspect',
    '--format',
    '{{range .IPAM.Config}}{{.Subnet}} {{end}}',
    ...ids,
  ]);
  const used = inspected.stdout.split(/\s+/).filter((subnet) => /^\d+\.\d+\.\d+\.\d+\/\d+$/.test(subnet));
  const offset = Math.floor(Math.random() * 160);
  for (let i = 0; i < 160; i++) {
    const net = `172.30.${90 + ((offset + i) % 160)}`;
    if (!used.some((subnet) => overlaps(subnet, `${net}.0/24`))) return net;
  }
  throw new Error(`no free 172.30.x.0/24 on this daemon (in use: ${used.join(' ')})`);
}

export class ComposeTier {
  private constructor(
    private readonly compose: readonly string[],
    readonly dir: string,
    readonly project: string,
    readonly httpPort: number,
    readonly wsPort: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly note: (line: string) => void,
  ) {}

  /** `note` takes the lines the tier has to tell the run's output (a container restarted during `up`). */
  static async create(
    compose: readonly string[],
    image: string,
    note: (line: string) => void,
  ): Promise<ComposeTier> {
    const dir = await mkdtemp(join(tmpdir(), 'photon-compose-'));
    await mkdir(join(dir, 'compose'));
    await copyFile(join(ROOT, 'docker-compose.yml'), join(dir, 'docker-compose.yml'));
    for (const file of ['haproxy.cfg', 'nats.conf', 'make-secrets.sh']) {
      await copyFile(join(ROOT, 'compose', file), join(dir, 'compose', file));
    }
    await run('bash', [join(dir, 'compose', 'make-secrets.sh')]);
    const [httpPort, wsPort] = [await freePort(), await freePort()];
    const project = `photone2e${process.pid}${Date.now().toString(36)}`;
    const env = {
      ...process.env,
      PHOTON_IMAGE: image,
      PHOTON_HTTP_PORT: String(httpPort),
      PHOTON_WS_PORT: String(wsPort),
      PHOTON_NET: await freeNet(),
    };
    return new ComposeTier(compose, dir, project, httpPort, wsPort, env, note);
  }

  get httpUrl(): string {
    return `http://127.0.0.1:${this.httpPort}`;
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.wsPort}`;
  }

  /** A Compose command on this project, run in its dir. */
  composeRun(args: readonly string[], timeoutMs = 600_000) {
    const [file, ...pre] = this.compose;
    return run(file!, [...pre, '-p', this.project, ...args], { cwd: this.dir, env: this.env, timeoutMs });
  }

  /**
   * `up -d` with the image as built (no build here), resolving once every health condition held and
   * the balancer, started last, has a gateway in rotation (it answers 503 until its checks pass).
   */
  async up(): Promise<void> {
    const since = new Date();
    try {
      await this.composeRun(['up', '-d', '--no-build']);
    } catch (error) {
      await this.upAgainAfterExitAtStart(error as Error, since);
    }
    await waitFor(
      async () => {
        const replies = await Promise.all(
          [this.httpUrl, this.wsUrl.replace('ws:', 'http:')].map((url) =>
            fetch(`${url}/readyz`).then(
              (r) => r.status,
              () => 0,
            ),
          ),
        );
        return replies[0] === 200 && replies[1] !== 503 && replies[1] !== 0;
      },
      { what: 'a gateway in the balancer on both ports', timeoutMs: 60_000, intervalMs: 500 },
    );
  }

  /**
   * After a failed `up`: when every container Compose called unhealthy had only exited and been started
   * again by its restart policy (Compose reads the daemon's "unhealthy" of the instant between the two),
   * says so with the exit and the container's output, and runs `up` once more, as an operator would.
   * Anything else throws, the containers' states and exits first (CI's output keeps a failure's opening).
   */
  private async upAgainAfterExitAtStart(error: Error, since: Date): Promise<void> {
    const ids = unhealthyIds(error.message);
    const startup = await startupAfterRestarts(this.project, ids, since);
    if (!restartedAfterExit(startup, ids)) throw await this.failedUp(error, startup);
    for (const container of namedIn(startup, ids)) {
      const output = (await this.logs(container.id)).slice(-30).map((line) => `  ${line}`);
      this.note(
        [
          `${describeStartup([container])}: it exited during up and was started again; up again`,
          ...output,
        ].join('\n'),
      );
    }
    try {
      await this.composeRun(['up', '-d', '--no-build']);
    } catch (again) {
      throw await this.failedUp(again as Error, await startupOf(this.project, since));
    }
  }

  /** A failed `up`'s error: each container's state and exits, its health probes and last lines, then Compose's output. */
  private async failedUp(error: Error, startup: readonly ContainerStartup[]): Promise<Error> {
    return new Error(`${describeStartup(startup)}\n${await this.health()}\n${error.message}`);
  }

  /** Each container's state and its last health probes, for a failure's message. */
  async health(): Promise<string> {
    const lines = await Promise.all(
      (await this.containers()).map(async ({ id, service }) => {
        const { stdout } = await run('docker', [
          'inspect',
          '--format',
          '{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}} {{range .State.Health.Log}}[{{.ExitCode}} {{.Output}}] {{end}}{{end}}',
          id,
        ]);
        const state = `${service} ${id}: ${stdout.trim()}`;
        if (stdout.startsWith('running healthy')) return state;
        const last = (await this.logs(id)).slice(-5);
        return [state, ...last.map((line) => `  ${line}`)].join('\n');
      }),
    );
    return lines.join('\n');
  }

  /** Every container of the project, running or not. */
  containers(): Promise<TierContainer[]> {
    return projectContainers(this.project);
  }

  /** A container's output, stdout and stderr together, one entry a line. */
  async logs(id: string): Promise<string[]> {
    const { stdout, stderr } = await run('docker', ['logs', id]);
    return `${stdout}\n${stderr}`.split('\n').filter((line) => line.trim() !== '');
  }

  async exitCode(id: string): Promise<{ running: boolean; exitCode: number }> {
    const { stdout } = await run('docker', [
      'inspect',
      '--format',
      '{{.State.Running}} {{.State.ExitCode}}',
      id,
    ]);
    const [running, code] = stdout.trim().split(' ');
    return { running: running === 'true', exitCode: Number(code) };
  }

  /** `down`, the volumes kept unless asked, and the temp dir removed with them. */
  async down({ volumes }: { volumes: boolean }): Promise<void> {
    await this.composeRun(['down', '--remove-orphans', '-t', '60', ...(volumes ? ['-v'] : [])]);
    if (volumes) await rm(this.dir, { recursive: true, force: true });
  }
}
