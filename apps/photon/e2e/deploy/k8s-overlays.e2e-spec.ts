// What each rendered overlay promises beyond valid objects: Services, autoscalers and disruption
// budgets reach real pods and ports, only the gateway's JSON-RPC ports are open to the outside, each
// Photon pod reaches only DNS, NATS, Redis and (query, tx, events) the engine, a
// gateway drains before it stops, every container is bounded, and the two environments differ as
// documented (public: web3,eth,net with rate limits and existing Secrets; dev: personal, the faucet,
// NATS and Redis in the namespace).
import { computeAddress } from 'ethers';
import { dirname } from 'node:path';
import { OVERLAYS, renderOverlay, type K8sObject, type Overlay } from './deploy-files';
import { k8sPhotonContainers, workloads, type K8sContainer, type Workload } from './photon-containers';

type Labels = Readonly<Record<string, string>>;

const matches = (selector: Labels, labels: Labels): boolean =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

const podLabels = (workload: Workload): Labels => workload.spec.template.metadata.labels;

function selected(objects: readonly K8sObject[], selector: Labels): Workload[] {
  return workloads(objects).filter((w) => matches(selector, podLabels(w)));
}

function ofKind<T>(objects: readonly K8sObject[], kind: string): (K8sObject & T)[] {
  return objects.filter((o) => o.kind === kind) as (K8sObject & T)[];
}

function portNames(workload: Workload): Set<string | number> {
  return new Set(
    workload.spec.template.spec.containers.flatMap((c) =>
      (c.ports ?? []).flatMap((p) => [p.containerPort, ...(p.name === undefined ? [] : [p.name])]),
    ),
  );
}

function gatewayEnv(overlay: Overlay): ReadonlyMap<string, string | null> {
  const gateway = k8sPhotonContainers(overlay, renderOverlay(overlay)).find((c) => c.command === 'gateway');
  if (gateway === undefined) throw new Error(`${overlay}: no gateway`);
  return gateway.env;
}

/** Names of the Secrets the workloads read, through variables or volumes. */
function secretRefs(objects: readonly K8sObject[]): Set<string> {
  const refs = new Set<string>();
  for (const workload of workloads(objects)) {
    const pod = workload.spec.template.spec as { volumes?: { secret?: { secretName: string } }[] };
    for (const volume of pod.volumes ?? []) if (volume.secret) refs.add(volume.secret.secretName);
    for (const c of workload.spec.template.spec.containers) {
      for (const variable of c.env ?? []) {
        const ref = variable.valueFrom?.secretKeyRef;
        if (ref) refs.add(ref.name);
      }
    }
  }
  return refs;
}

interface ServiceSpec {
  spec: { selector: Labels; ports: { name: string; targetPort: string | number }[] };
}
interface ScalerSpec {
  spec: { scaleTargetRef: { kind: string; name: string }; metrics: { resource?: { name: string } }[] };
}
interface BudgetSpec {
  spec: { selector: { matchLabels: Labels } };
}
interface PolicyPeer {
  podSelector?: { matchLabels?: Labels };
  namespaceSelector?: unknown;
  ipBlock?: unknown;
}
interface PolicySpec {
  spec: {
    podSelector: { matchLabels?: Labels };
    policyTypes: string[];
    ingress?: { from?: PolicyPeer[]; ports?: { port: string | number }[] }[];
    egress?: { to?: PolicyPeer[]; ports?: { port: string | number; protocol?: string }[] }[];
  };
}

describe.each(OVERLAYS)('k8s/overlays/%s', (overlay) => {
  const objects = renderOverlay(overlay);
  const byName = (name: string): Workload => {
    const found = workloads(objects).find((w) => w.metadata.name === name);
    if (found === undefined) throw new Error(`${overlay}: no workload ${name}`);
    return found;
  };

  it('default: every Service selects pods that declare the ports it targets', () => {
    for (const service of ofKind<ServiceSpec>(objects, 'Service')) {
      const pods = selected(objects, service.spec.selector);
      expect([service.metadata.name, pods.length > 0]).toEqual([service.metadata.name, true]);
      for (const pod of pods) {
        for (const port of service.spec.ports) {
          expect([service.metadata.name, pod.metadata.name, portNames(pod).has(port.targetPort)]).toEqual([
            service.metadata.name,
            pod.metadata.name,
            true,
          ]);
        }
      }
    }
  });

  it('default: the gateway and query scale on CPU, owning their replica counts, and every service has a budget', () => {
    const scalers = ofKind<ScalerSpec>(objects, 'HorizontalPodAutoscaler');
    expect(scalers.map((s) => s.spec.scaleTargetRef.name).sort()).toEqual(['gateway', 'query']);
    for (const scaler of scalers) {
      const target = byName(scaler.spec.scaleTargetRef.name);
      expect(scaler.spec.scaleTargetRef.kind).toBe(target.kind);
      expect(scaler.spec.metrics.map((m) => m.resource?.name)).toEqual(['cpu']);
      expect(target.spec.replicas).toBeUndefined();
      for (const c of target.spec.template.spec.containers)
        expect(c.resources?.requests?.['cpu']).toBeDefined();
    }
    const budgeted = ofKind<BudgetSpec>(objects, 'PodDisruptionBudget').map((budget) => {
      const pods = selected(objects, budget.spec.selector.matchLabels);
      expect(pods).toHaveLength(1);
      return pods[0]!.metadata.name;
    });
    const photon = k8sPhotonContainers(overlay, objects).filter((c) => c.command !== 'devnet');
    expect(budgeted.sort()).toEqual(photon.map((c) => c.where.split('/')[1]).sort());
  });

  it('default: every container asks for CPU and memory and is capped in memory', () => {
    for (const workload of workloads(objects)) {
      for (const c of workload.spec.template.spec.containers as (K8sContainer & {
        resources: { requests: Labels; limits: Labels };
      })[]) {
        expect([
          workload.metadata.name,
          Object.keys(c.resources.requests).sort(),
          c.resources.limits['memory'],
        ]).toEqual([workload.metadata.name, ['cpu', 'memory'], expect.any(String)]);
      }
    }
  });

  it('default: a gateway leaves rotation before it stops and has the time to drain', () => {
    const gateway = byName('gateway');
    const [container] = gateway.spec.template.spec.containers;
    const preStop = container?.lifecycle?.preStop?.exec?.command ?? [];
    expect(preStop[0]).toBe('sleep');
    const grace = gateway.spec.template.spec.terminationGracePeriodSeconds ?? 30;
    expect(grace).toBeGreaterThanOrEqual(Number(preStop[1]) + 20);
    expect(gateway.spec).toMatchObject({ strategy: { rollingUpdate: { maxUnavailable: 0 } } });
  });

  it("default: ingress is denied by default; only the gateway's JSON-RPC ports take traffic from outside", () => {
    const policies = ofKind<PolicySpec>(objects, 'NetworkPolicy');
    expect(
      policies.some((p) => Object.keys(p.spec.podSelector.matchLabels ?? {}).length === 0 && !p.spec.ingress),
    ).toBe(true);
    for (const workload of workloads(objects)) {
      const rules = policies
        .filter((p) => matches(p.spec.podSelector.matchLabels ?? {}, podLabels(workload)))
        .flatMap((p) => p.spec.ingress ?? []);
      const open = rules.filter(
        (rule) => rule.from === undefined || rule.from.some((peer) => !peer.podSelector),
      );
      const openPorts = open.flatMap((rule) => (rule.ports ?? [{ port: 'any' }]).map((p) => p.port));
      expect([workload.metadata.name, openPorts]).toEqual([
        workload.metadata.name,
        workload.metadata.name === 'gateway' ? ['http', 'ws'] : [],
      ]);
    }
  });

  it('default: every Photon pod reaches only DNS, NATS and Redis, and query, tx and events the engine too', () => {
    const policies = ofKind<PolicySpec>(objects, 'NetworkPolicy').filter((p) =>
      p.spec.policyTypes.includes('Egress'),
    );
    const base = ['53/TCP', '53/UDP', '4222/TCP', '6379/TCP', '6380/TCP'];
    const photon = workloads(objects).filter((w) => podLabels(w)['app.kubernetes.io/part-of'] === 'photon');
    expect(photon.length).toBeGreaterThan(0);
    for (const workload of photon) {
      const rules = policies
        .filter((p) => matches(p.spec.podSelector.matchLabels ?? {}, podLabels(workload)))
        .flatMap((p) => p.spec.egress ?? []);
      // A rule without ports would open every port: none may.
      const reached = rules.flatMap((rule) =>
        (rule.ports ?? [{ port: 'any', protocol: 'any' }]).map((p) => `${p.port}/${p.protocol ?? 'TCP'}`),
      );
      const component = podLabels(workload)['app.kubernetes.io/component'] ?? '';
      const engine = ['query', 'tx', 'events'].includes(component) ? ['26657/TCP'] : [];
      expect([workload.metadata.name, [...new Set(reached)].sort()]).toEqual([
        workload.metadata.name,
        [...base, ...engine].sort(),
      ]);
    }
  });
});

describe('k8s/overlays/public', () => {
  const objects = renderOverlay('public');

  it('default: exposes web3, eth and net only, with rate limits on', () => {
    const env = gatewayEnv('public');
    expect(env.get('PHOTON_RPC_API')).toBe('web3,eth,net');
    expect(Number(env.get('PHOTON_RATE_LIMIT'))).toBeGreaterThan(0);
  });

  it('default: generates no Secret and runs no NATS or Redis: both are external, their credentials in existing Secrets', () => {
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    const names = workloads(objects).map((w) => w.metadata.name);
    expect(names).not.toContain('nats');
    expect(names).not.toContain('redis');
    expect([...secretRefs(objects)].sort()).toEqual(['photon-bus', 'photon-keystore-kek']);
    const env = gatewayEnv('public');
    expect([env.get('PHOTON_NATS_URL'), env.get('PHOTON_REDIS_URL')]).toEqual([null, null]);
  });
});

describe('k8s/overlays/dev', () => {
  const objects = renderOverlay('dev');

  it('default: exposes personal and the faucet', () => {
    const env = gatewayEnv('dev');
    expect(env.get('PHOTON_RPC_API')?.split(',')).toContain('personal');
    expect(env.get('PHOTON_FAUCET_PATH')).toMatch(/^\//);
  });

  it('default: the keystore imports and unlocks, from a generated Secret, the key the faucet sends from', () => {
    const containers = k8sPhotonContainers('dev', objects);
    const keystore = containers.find((c) => c.command === 'keystore')?.env;
    const faucetKey = containers.find((c) => c.command === 'tx')?.env.get('PHOTON_FAUCET_KEY');
    expect(faucetKey).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(keystore?.get('PHOTON_UNLOCK_KEY')).toBe(faucetKey);
    const secret = objects.find(
      (o) => o.kind === 'Secret' && o.metadata.name.startsWith('photon-faucet-key'),
    );
    const data = (secret?.['data'] ?? {}) as Record<string, string>;
    const file = (key: string) => Buffer.from(data[key] ?? '', 'base64').toString('utf8');
    expect(computeAddress(file('key').trim())).toBe(faucetKey);
    expect(file('passphrase')).not.toBe('');
    const mount = dirname(keystore?.get('PHOTON_IMPORT_KEY_FILE') ?? '');
    expect([keystore?.get('PHOTON_IMPORT_KEY_FILE'), keystore?.get('PHOTON_PASSPHRASE_FILE')]).toEqual([
      `${mount}/key`,
      `${mount}/passphrase`,
    ]);
  });

  it('default: NATS and Redis run hardened as Photon does: non-root, read-only root, no capabilities, CPU capped', () => {
    for (const name of ['nats', 'redis']) {
      const workload = workloads(objects).find((w) => w.metadata.name === name)!;
      const pod = workload.spec.template.spec as unknown as {
        securityContext: { runAsNonRoot?: boolean; runAsUser?: number };
        containers: {
          securityContext: Record<string, unknown>;
          resources: { limits: Labels };
        }[];
      };
      expect([name, pod.securityContext.runAsNonRoot, pod.securityContext.runAsUser! > 0]).toEqual([
        name,
        true,
        true,
      ]);
      for (const c of pod.containers) {
        expect([name, c.securityContext]).toEqual([
          name,
          {
            allowPrivilegeEscalation: false,
            readOnlyRootFilesystem: true,
            capabilities: { drop: ['ALL'] },
          },
        ]);
        expect([name, c.resources.limits['cpu']]).toEqual([name, expect.any(String)]);
      }
    }
  });

  it('default: runs NATS, Redis and the devnet as StatefulSets, and generates every Secret it references', () => {
    const sets = workloads(objects).filter((w) => w.kind === 'StatefulSet');
    expect(sets.map((w) => w.metadata.name)).toEqual(expect.arrayContaining(['nats', 'redis', 'devnet']));
    const secrets = objects.filter((o) => o.kind === 'Secret').map((o) => o.metadata.name);
    expect([...secretRefs(objects)].sort()).toEqual(secrets.sort());
    const env = gatewayEnv('dev');
    expect(env.get('PHOTON_NATS_URL')).toBe('nats://nats:4222');
    expect(env.get('PHOTON_REDIS_URL')).toMatch(/^redis:\/\/:[^@]+@redis:6379$/);
  });
});
