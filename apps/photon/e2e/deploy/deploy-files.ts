// Reads the deploy files as their tools do: docker-compose.yml with YAML merge keys (as Compose
// resolves them), each kustomize overlay as `kubectl kustomize` renders it, the Dockerfile as parsed
// instructions, and HAProxy's config as lines.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceRoot } from '@photon/testing';
import { DockerfileParser, type Dockerfile } from 'dockerfile-ast';
import { parse, parseAllDocuments } from 'yaml';

export const ROOT = workspaceRoot(__dirname);
export const OVERLAYS = ['dev', 'public'] as const;
export type Overlay = (typeof OVERLAYS)[number];

export function readRepoFile(...path: string[]): string {
  return readFileSync(join(ROOT, ...path), 'utf8');
}

export interface ComposeHealthcheck {
  readonly test?: string | readonly string[];
}

export interface ComposeService {
  readonly image?: string;
  readonly command?: readonly string[];
  readonly environment?: Readonly<Record<string, string>>;
  readonly secrets?: readonly string[];
  readonly volumes?: readonly string[];
  readonly healthcheck?: ComposeHealthcheck;
  readonly deploy?: { readonly replicas?: number };
  readonly networks?: Readonly<Record<string, { readonly ipv4_address?: string } | null>>;
  readonly depends_on?: Readonly<Record<string, { readonly condition: string }>>;
}

export interface ComposeFile {
  readonly services: Readonly<Record<string, ComposeService>>;
  readonly networks?: Readonly<
    Record<
      string,
      { readonly ipam?: { readonly config?: readonly { subnet?: string; ip_range?: string }[] } }
    >
  >;
  readonly secrets: Readonly<Record<string, { readonly file: string }>>;
}

/**
 * docker-compose.yml's text with every `${NAME:-default}` given its default, as Compose interpolates
 * it when NAME is unset (the other forms, such as `${NAME:?message}`, stay as written).
 */
export function readComposeText(): string {
  return readRepoFile('docker-compose.yml').replace(/\$\{[A-Za-z_][A-Za-z0-9_]*:-([^}]*)\}/g, '$1');
}

/** docker-compose.yml as Compose sees it with defaults interpolated (merge keys resolved). */
export function readCompose(): ComposeFile {
  return parse(readComposeText(), { merge: true }) as ComposeFile;
}

/** One object of a rendered overlay; the rest of its shape is left to the checks that read it. */
export interface K8sObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: { readonly name: string; readonly labels?: Readonly<Record<string, string>> };
  readonly [field: string]: unknown;
}

const rendered = new Map<Overlay, readonly K8sObject[]>();

/** Every object `kubectl kustomize k8s/overlays/<overlay>` prints (rendered once per test file). */
export function renderOverlay(overlay: Overlay): readonly K8sObject[] {
  let objects = rendered.get(overlay);
  if (objects === undefined) {
    const text = execFileSync('kubectl', ['kustomize', join(ROOT, 'k8s', 'overlays', overlay)], {
      encoding: 'utf8',
    });
    // kubectl (go-yaml) keeps a 0x… value too long for an integer, such as an address, as text; the
    // yaml package would make it a float, so hexadecimal integers are left out of its schema.
    const documents = parseAllDocuments(text, {
      customTags: (tags) => tags.filter((tag) => typeof tag === 'string' || tag.format !== 'HEX'),
    });
    objects = documents.map((doc) => doc.toJS() as K8sObject);
    rendered.set(overlay, objects);
  }
  return objects;
}

export function readDockerfile(): { readonly text: string; readonly parsed: Dockerfile } {
  const text = readRepoFile('Dockerfile');
  return { text, parsed: DockerfileParser.parse(text) };
}

/** HAProxy's config, one trimmed line each, comments and blank lines out. */
export function readHaproxyLines(): readonly string[] {
  return readRepoFile('compose', 'haproxy.cfg')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
