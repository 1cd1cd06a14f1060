// One source of truth: docker-compose.yml, the rendered overlays, HAProxy's config and the
// Dockerfile may only name what the apps really read and serve. Each container's PHOTON_* variables
// and --flags are options of the command it runs (the schemas of @photon/config, which `photon
// <command> --help` prints), their values parse, files they name are mounted, probes hit the ports
// the listen addresses open, and the image runs the built CLI and exposes those ports.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { validate as validateDockerfile } from 'dockerfile-utils';
import { describeSchema, type OptionSpec, type Schema } from '@photon/config';
import { photonCliPath } from '@photon/testing';
import {
  OVERLAYS,
  readCompose,
  readDockerfile,
  readHaproxyLines,
  readComposeText,
  readRepoFile,
  renderOverlay,
} from './deploy-files';
import {
  composePhotonContainers,
  k8sPhotonContainers,
  workloads,
  type PhotonContainer,
} from './photon-containers';
import { COMMAND_SCHEMAS, PROBE_PATHS, listenPortsOf } from './photon-settings';

const containers: readonly PhotonContainer[] = [
  ...composePhotonContainers(readCompose()),
  ...OVERLAYS.flatMap((overlay) => k8sPhotonContainers(overlay, renderOverlay(overlay))),
];
jest.setTimeout(120_000);

const run = promisify(execFile);
const cases = containers.map((c) => [c.where, c] as const);

/** Whether an IPv4 address lies in `a.b.c.d/n`. */
function inCidr(address: string, cidr: string): boolean {
  const toNumber = (ip: string) => ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
  const [base, bits] = cidr.split('/');
  if (base === undefined || bits === undefined) throw new Error(`not a CIDR: "${cidr}"`);
  const size = 2 ** (32 - Number(bits));
  return Math.floor(toNumber(address) / size) === Math.floor(toNumber(base) / size);
}

function schemaOf(container: PhotonContainer): Schema {
  const schema = COMMAND_SCHEMAS[container.command];
  if (schema === undefined)
    throw new Error(`${container.where}: "${container.command}" is no photon command`);
  return schema;
}

function optionByEnv(schema: Schema, env: string): OptionSpec<unknown> | undefined {
  return Object.values(schema).find((spec) => spec.env === env);
}

/** Values Compose interpolates (${…}) are only known at `docker compose up`. */
const interpolated = (value: string): boolean => value.includes('${');

describe('deploy settings', () => {
  it('default: `photon <command> --help` lists the schema the checks hold each command to', async () => {
    const helps = await Promise.all(
      Object.keys(COMMAND_SCHEMAS).map((command) =>
        run(process.execPath, [photonCliPath(), command, '--help'], { encoding: 'utf8' }),
      ),
    );
    Object.values(COMMAND_SCHEMAS).forEach((schema, i) =>
      expect(helps[i]!.stdout).toContain(describeSchema(schema)),
    );
  });

  it('default: the deploy files start every cluster command, and only photon commands', () => {
    expect([...new Set(containers.map((c) => c.command))].sort()).toEqual([
      'devnet',
      'events',
      'gateway',
      'keystore',
      'query',
      'tx',
    ]);
  });

  it.each(cases)(
    'default: %s sets only options of its command, each with a value that parses',
    (_, container) => {
      const schema = schemaOf(container);
      const problems: string[] = [];
      for (const [name, value] of container.env) {
        const spec = optionByEnv(schema, name);
        if (spec === undefined) {
          problems.push(`${name} is not an option of photon ${container.command}`);
          continue;
        }
        if (value === null || interpolated(value)) continue;
        try {
          spec.parse(value);
        } catch (error) {
          problems.push(`${name}=${value}: ${(error as Error).message}`);
        }
      }
      const flags = new Set(Object.values(schema).map((spec) => `--${spec.flag}`));
      for (const flag of container.flags) {
        if (!flags.has(flag.split('=')[0]!))
          problems.push(`${flag} is not a flag of photon ${container.command}`);
      }
      for (const spec of Object.values(schema)) {
        if (spec.default === undefined && !container.env.has(spec.env))
          problems.push(`${spec.env} is required`);
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(cases)('default: every file %s is told to read is mounted', (_, container) => {
    const unmounted = [...container.env].filter(
      ([name, path]) =>
        name.endsWith('_FILE') &&
        path !== null &&
        !container.mounts.some((mount) => path === mount || path.startsWith(`${mount}/`)),
    );
    expect(unmounted).toEqual([]);
  });

  it.each(cases)(
    'default: %s listens off loopback on its declared ports and probes its health listener',
    (_, c) => {
      const listen = listenPortsOf(schemaOf(c), c.env);
      for (const [name, address] of listen) expect([name, address.host]).toEqual([name, '0.0.0.0']);
      // Compose publishes no container ports of Photon's; Kubernetes declares exactly those listened on.
      const declared = [...c.ports.values()].sort();
      const opened = [...listen.values()].map((address) => address.port).sort();
      expect(declared).toEqual(c.where.startsWith('compose') ? [] : opened);

      const health = listen.get(c.command === 'devnet' ? 'PHOTON_DEVNET_LADDR' : 'PHOTON_OPS_LADDR');
      expect(health).toBeDefined();
      const paths = c.command === 'devnet' ? PROBE_PATHS.devnet : PROBE_PATHS.photon;
      expect(c.probes.map((p) => p.kind)).toContain('readiness');
      for (const probe of c.probes) {
        expect([probe.kind, probe.port, probe.path]).toEqual([probe.kind, health?.port, paths[probe.kind]]);
      }
    },
  );

  it('default: HAProxy balances over the compose gateways on their HTTP and websocket ports, checking /readyz', () => {
    const gateway = readCompose().services['gateway']!;
    const listen = listenPortsOf(
      COMMAND_SCHEMAS['gateway']!,
      new Map(Object.entries(gateway.environment ?? {})),
    );
    const http = listen.get('PHOTON_LADDR')?.port;
    const ws = listen.get('PHOTON_WSPORT')?.port;
    const lines = readHaproxyLines();
    const templates = lines
      .filter((line) => line.startsWith('server-template'))
      .map((line) => {
        const match = /^server-template \S+ (\d+) gateway:(\d+) check(?: port (\d+))?$/.exec(line);
        if (match === null) throw new Error(`unexpected HAProxy line: ${line}`);
        return { count: Number(match[1]), port: Number(match[2]), checkPort: Number(match[3] ?? match[2]) };
      });
    const replicas = gateway.deploy?.replicas;
    expect(templates).toEqual([
      { count: replicas, port: http, checkPort: http },
      { count: replicas, port: ws, checkPort: http },
    ]);
    const checks = lines.filter((line) => line.startsWith('http-check send'));
    expect(checks).toHaveLength(2);
    for (const check of checks) expect(check).toContain(`uri ${PROBE_PATHS.photon.readiness} `);
    // Published on loopback only: the compose tier exposes personal_* (see docker-compose.yml).
    expect(readComposeText().match(/- \S+:\d+:\d+$/gm)).toEqual([
      `- 127.0.0.1:${http}:${http}`,
      `- 127.0.0.1:${ws}:${ws}`,
    ]);
  });

  it('default: the compose gateways trust X-Forwarded-For from the load balancer alone, which sends it', () => {
    const { services, networks } = readCompose();
    const lbAddress = services['lb']?.networks?.['default']?.ipv4_address;
    expect(lbAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(services['gateway']?.environment?.['PHOTON_TRUSTED_PROXIES']).toBe(lbAddress);
    // In the subnet but outside the range Docker hands out: a container started first cannot take it.
    const [pool] = networks?.['default']?.ipam?.config ?? [];
    expect(inCidr(lbAddress!, pool?.subnet ?? '')).toBe(true);
    expect(inCidr(lbAddress!, pool?.ip_range ?? '')).toBe(false);
    const forwarding = readHaproxyLines().filter((line) => line === 'option forwardfor');
    expect(forwarding).toHaveLength(2);
  });

  it('default: one image name, photon:<package.json version>, in compose, every overlay and the README', () => {
    const { version } = JSON.parse(readRepoFile('package.json')) as { version: string };
    const image = `photon:${version}`;
    const { services } = readCompose();
    const composeImages = Object.values(services)
      .map((service) => service.image)
      .filter((name) => name?.startsWith('photon'));
    expect(new Set(composeImages)).toEqual(new Set([image]));
    for (const overlay of OVERLAYS) {
      const k8sImages = workloads(renderOverlay(overlay))
        .flatMap((w) => w.spec.template.spec.containers.map((c) => c.image))
        .filter((name) => name.startsWith('photon'));
      expect([overlay, new Set(k8sImages)]).toEqual([overlay, new Set([image])]);
    }
    const readmeImages = readRepoFile('README.md').match(/\bphoton:[\w.-]+/g) ?? [];
    expect(
      new Set(readmeImages.filter((name) => /^photon:\d/.test(name) || /:(local|dev|latest)$/.test(name))),
    ).toEqual(new Set([image]));
  });

  it('default: compose services wait for what they need to be healthy, and every secret is declared', () => {
    const compose = readCompose();
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [needed, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect([name, needed, condition]).toEqual([name, needed, 'service_healthy']);
        expect(compose.services[needed]?.healthcheck).toBeDefined();
      }
      for (const secret of service.secrets ?? []) expect(compose.secrets[secret]).toBeDefined();
    }
  });

  it('default: the image runs the built CLI under tini as an unprivileged user and exposes every port listened on', () => {
    const { text, parsed } = readDockerfile();
    expect(validateDockerfile(text).map((problem) => problem.message)).toEqual([]);
    const runtimeStart = parsed.getFROMs().at(-1)!.getRange().start.line;
    const runtime = parsed.getInstructions().filter((i) => i.getRange().start.line >= runtimeStart);
    const argsOf = (keyword: string): string[] =>
      runtime
        .filter((i) => i.getKeyword() === keyword)
        .flatMap((i) => i.getArguments().map((a) => a.getValue()));

    const cli = JSON.parse(readRepoFile('apps', 'photon', 'package.json')) as { bin: { photon: string } };
    const entrypoint = parsed
      .getENTRYPOINTs()
      .at(-1)!
      .getJSONStrings()
      .map((s) => s.getJSONValue());
    expect(entrypoint).toEqual([
      '/usr/bin/tini',
      '--',
      'node',
      `${argsOf('WORKDIR').at(-1)}/apps/photon/${cli.bin.photon}`,
    ]);
    expect(argsOf('RUN').join(' ')).toMatch(/apt-get install .*\btini\b/);

    const cmd = parsed
      .getCMDs()
      .at(-1)!
      .getJSONStrings()
      .map((s) => s.getJSONValue());
    expect(Object.keys(COMMAND_SCHEMAS)).toContain(cmd[0]);
    expect(argsOf('USER')).toHaveLength(1);
    expect(['root', '0']).not.toContain(argsOf('USER')[0]);

    const listened = new Set(
      containers.flatMap((c) => [...listenPortsOf(schemaOf(c), c.env).values()].map((a) => a.port)),
    );
    expect(argsOf('EXPOSE').map(Number).sort()).toEqual([...listened].sort());
  });
});
