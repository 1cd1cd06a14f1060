// The Photon containers that the deploy files start, in one shape whether they come from
// docker-compose.yml or from a rendered overlay: the command they run, the environment they get
// (ConfigMaps and Secrets resolved where the render holds them), their ports, probes and mounts.
import { type ComposeFile, type K8sObject } from './deploy-files';

export type ProbeKind = 'startup' | 'readiness' | 'liveness';

export interface HttpProbe {
  readonly kind: ProbeKind;
  readonly path: string;
  readonly port: number;
}

export interface PhotonContainer {
  /** Where it is declared, for failure messages: `compose query`, `dev StatefulSet/keystore`. */
  readonly where: string;
  /** The photon command (the first argument after the image's entrypoint). */
  readonly command: string;
  /** The arguments after the command. */
  readonly flags: readonly string[];
  /** Environment by name; null where the value lives in a Secret this render does not hold. */
  readonly env: ReadonlyMap<string, string | null>;
  /** Container ports by name (none in Compose, where a service listens on what it binds). */
  readonly ports: ReadonlyMap<string, number>;
  readonly probes: readonly HttpProbe[];
  /** Directories and files mounted into the container. */
  readonly mounts: readonly string[];
}

const PHOTON_IMAGE = /(^|[/:{-])photon(:|$)/;

/** A probe URL as the Compose healthchecks write it: a node fetch of http://127.0.0.1:<port><path>. */
export function composeProbeUrl(test: string | readonly string[] | undefined): URL | undefined {
  const text = typeof test === 'string' ? test : (test ?? []).join(' ');
  const match = /http:\/\/127\.0\.0\.1:\d+\/[^'"\s)]*/.exec(text);
  return match === null ? undefined : new URL(match[0]);
}

export function composePhotonContainers(compose: ComposeFile): PhotonContainer[] {
  return Object.entries(compose.services)
    .filter(([, service]) => PHOTON_IMAGE.test(service.image ?? ''))
    .map(([name, service]) => {
      const [command = '', ...flags] = service.command ?? [];
      const url = composeProbeUrl(service.healthcheck?.test);
      const probes: HttpProbe[] =
        url === undefined ? [] : [{ kind: 'readiness', path: url.pathname, port: Number(url.port) }];
      const mounts = [
        ...(service.secrets ?? []).map((secret) => `/run/secrets/${secret}`),
        ...(service.volumes ?? []).map((volume) => volume.split(':')[1] ?? ''),
      ];
      return {
        where: `compose ${name}`,
        command,
        flags,
        env: new Map(Object.entries(service.environment ?? {})),
        ports: new Map(),
        probes,
        mounts,
      };
    });
}

interface KeyRef {
  readonly name: string;
  readonly key: string;
}
interface EnvVar {
  readonly name: string;
  readonly value?: string;
  readonly valueFrom?: { readonly configMapKeyRef?: KeyRef; readonly secretKeyRef?: KeyRef };
}
interface EnvFrom {
  readonly configMapRef?: { readonly name: string };
  readonly secretRef?: { readonly name: string };
}
interface Probe {
  readonly httpGet?: { readonly path: string; readonly port: string | number };
}
export interface K8sContainer {
  readonly name: string;
  readonly image: string;
  readonly args?: readonly string[];
  readonly env?: readonly EnvVar[];
  readonly envFrom?: readonly EnvFrom[];
  readonly ports?: readonly { readonly name?: string; readonly containerPort: number }[];
  readonly startupProbe?: Probe;
  readonly readinessProbe?: Probe;
  readonly livenessProbe?: Probe;
  readonly volumeMounts?: readonly { readonly mountPath: string }[];
  readonly resources?: { readonly requests?: Readonly<Record<string, string>> };
  readonly lifecycle?: { readonly preStop?: { readonly exec?: { readonly command: readonly string[] } } };
}
export interface PodSpec {
  readonly containers: readonly K8sContainer[];
  readonly terminationGracePeriodSeconds?: number;
}
export interface Workload extends K8sObject {
  readonly spec: {
    readonly replicas?: number;
    readonly template: {
      readonly metadata: { readonly labels: Readonly<Record<string, string>> };
      readonly spec: PodSpec;
    };
  };
}

export function workloads(objects: readonly K8sObject[]): Workload[] {
  return objects.filter((o): o is Workload => o.kind === 'Deployment' || o.kind === 'StatefulSet');
}

/** The data of a ConfigMap or Secret (Secret data decoded); undefined when the render lacks it. */
function dataOf(
  objects: readonly K8sObject[],
  kind: string,
  name: string,
): Record<string, string> | undefined {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (found === undefined) return undefined;
  const data = (found['data'] ?? {}) as Record<string, string>;
  if (kind !== 'Secret') return data;
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, Buffer.from(value, 'base64').toString('utf8')]),
  );
}

function mustHaveConfigMap(
  objects: readonly K8sObject[],
  name: string,
  where: string,
): Record<string, string> {
  const data = dataOf(objects, 'ConfigMap', name);
  if (data === undefined) throw new Error(`${where}: ConfigMap ${name} is not in the render`);
  return data;
}

function containerEnv(
  objects: readonly K8sObject[],
  c: K8sContainer,
  where: string,
): Map<string, string | null> {
  const env = new Map<string, string | null>();
  for (const source of c.envFrom ?? []) {
    const data =
      source.configMapRef !== undefined
        ? mustHaveConfigMap(objects, source.configMapRef.name, where)
        : (dataOf(objects, 'Secret', source.secretRef?.name ?? '') ?? {});
    for (const [name, value] of Object.entries(data)) env.set(name, value);
  }
  for (const variable of c.env ?? []) {
    const { configMapKeyRef, secretKeyRef } = variable.valueFrom ?? {};
    if (configMapKeyRef !== undefined) {
      const value = mustHaveConfigMap(objects, configMapKeyRef.name, where)[configMapKeyRef.key];
      if (value === undefined)
        throw new Error(`${where}: ${configMapKeyRef.name} has no ${configMapKeyRef.key}`);
      env.set(variable.name, value);
    } else if (secretKeyRef !== undefined) {
      env.set(variable.name, dataOf(objects, 'Secret', secretKeyRef.name)?.[secretKeyRef.key] ?? null);
    } else {
      env.set(variable.name, variable.value ?? '');
    }
  }
  return env;
}

function probesOf(c: K8sContainer, ports: ReadonlyMap<string, number>, where: string): HttpProbe[] {
  const probes: HttpProbe[] = [];
  const kinds: [ProbeKind, Probe | undefined][] = [
    ['startup', c.startupProbe],
    ['readiness', c.readinessProbe],
    ['liveness', c.livenessProbe],
  ];
  for (const [kind, probe] of kinds) {
    const get = probe?.httpGet;
    if (get === undefined) continue;
    const port = typeof get.port === 'number' ? get.port : ports.get(get.port);
    if (port === undefined) throw new Error(`${where}: ${kind} probe names no container port "${get.port}"`);
    probes.push({ kind, path: get.path, port });
  }
  return probes;
}

export function k8sPhotonContainers(overlay: string, objects: readonly K8sObject[]): PhotonContainer[] {
  return workloads(objects).flatMap((workload) =>
    workload.spec.template.spec.containers
      .filter((c) => PHOTON_IMAGE.test(c.image))
      .map((c) => {
        const where = `${overlay} ${workload.kind}/${workload.metadata.name}`;
        const [command = '', ...flags] = c.args ?? [];
        const ports = new Map(
          (c.ports ?? []).map((p) => [p.name ?? String(p.containerPort), p.containerPort]),
        );
        return {
          where,
          command,
          flags,
          env: containerEnv(objects, c, where),
          ports,
          probes: probesOf(c, ports, where),
          mounts: (c.volumeMounts ?? []).map((m) => m.mountPath),
        };
      }),
  );
}
