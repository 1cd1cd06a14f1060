// Every object each overlay renders (`kubectl kustomize k8s/overlays/<overlay>`) against the
// Kubernetes API schemas of kubernetes-models: wrong types, missing required fields and malformed
// values are refused here, with no cluster; and, since those validators let any extra field through,
// every field is checked against the fields the models declare (k8s-known-fields.ts).
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { OVERLAYS, renderOverlay, type K8sObject } from './deploy-files';
import { unknownFields } from './k8s-known-fields';

jest.setTimeout(60_000);

type Model = new (data: never) => { validate(): void };

/** The kinds the overlays may render; another kind fails until its model is added here. */
const MODELS: Readonly<Record<string, Model>> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};

/**
 * kustomize wraps long Secret values at 76 characters; the API server's base64 decoding skips those
 * newlines, the schema's "byte" format does not, so they are taken out first.
 */
function unwrapSecretData(object: K8sObject): K8sObject {
  if (object.kind !== 'Secret') return object;
  const data = (object['data'] ?? {}) as Record<string, string>;
  return {
    ...object,
    data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.replace(/\n/g, '')])),
  };
}

function schemaErrors(object: K8sObject): string | undefined {
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (Model === undefined) return `no schema for ${object.apiVersion} ${object.kind}`;
  try {
    new Model(unwrapSecretData(object) as never).validate();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe.each(OVERLAYS)('k8s/overlays/%s', (overlay) => {
  it('default: every rendered object validates against the Kubernetes schemas', () => {
    const objects = renderOverlay(overlay);
    expect(objects.length).toBeGreaterThan(0);
    const failures = objects
      .map((object) => [`${object.kind}/${object.metadata.name}`, schemaErrors(object)] as const)
      .filter(([, errors]) => errors !== undefined);
    expect(failures).toEqual([]);
  });

  it('default: every field of every rendered object is one its kind declares', () => {
    expect(unknownFields(renderOverlay(overlay))).toEqual([]);
  });
});

describe('Kubernetes schema check', () => {
  it('error: a rendered Deployment with a port given as text is refused', () => {
    const deployment = structuredClone(
      renderOverlay('dev').find((o) => o.kind === 'Deployment')!,
    ) as unknown as {
      spec: { template: { spec: { containers: { ports: { containerPort: unknown }[] }[] } } };
    };
    deployment.spec.template.spec.containers[0]!.ports[0]!.containerPort = 'ops';
    expect(schemaErrors(deployment as unknown as K8sObject)).toMatch(/containerPort must be integer/);
  });
});

describe('Kubernetes field check', () => {
  it('error: a misspelt field, at any depth, is refused by name with the type that lacks it', () => {
    type Probe = Record<string, unknown>;
    const objects = structuredClone(renderOverlay('dev')) as unknown as K8sObject[];
    const gateway = objects.find(
      (o) => o.kind === 'Deployment' && o.metadata.name === 'gateway',
    ) as unknown as {
      spec: { template: { spec: { containers: { readinessProbe?: Probe; readinesProbe?: Probe }[] } } };
    };
    const container = gateway.spec.template.spec.containers[0]!;
    // The misspelt probe would pass the schema check (and be dropped by the API server: no probe at all).
    container.readinesProbe = container.readinessProbe;
    delete container.readinessProbe;
    expect(schemaErrors(gateway as unknown as K8sObject)).toBeUndefined();
    expect(unknownFields(objects)).toEqual([
      `Deployment/gateway: Object literal may only specify known properties, and '"readinesProbe"' does not exist in type 'IContainer'.`,
    ]);

    const service = objects.find((o) => o.kind === 'Service') as unknown as { spec: Record<string, unknown> };
    service.spec['selecter'] = {};
    expect(unknownFields([service as unknown as K8sObject])).toEqual([
      expect.stringMatching(
        /: Object literal may only specify known properties, and '"selecter"' does not exist in type 'IServiceSpec'\.$/,
      ),
    ]);
  });
});
