// Renders an overlay the way an operator does (`kubectl kustomize`), on a copy of infra/k8s whose overlays have their
// secrets/*.env written by scripts/write-secrets.mjs (they are never committed), and parses the objects.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

export const K8S_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OVERLAYS = ['dev', 'production'] as const;
export type Overlay = (typeof OVERLAYS)[number];

/** A rendered object (what `kubectl kustomize` prints), loosely typed: the tests read fields by path. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string> }; [k: string]: any };

let copyDir: string | null = null;

/** A copy of infra/k8s (manifests only) with every overlay's secrets written; made once per test file. */
export function workCopy(): string {
  if (copyDir) return copyDir;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'k8s-render-'));
  for (const part of ['base', 'components', 'overlays']) fs.cpSync(path.join(K8S_DIR, part), path.join(dir, part), { recursive: true });
  for (const o of OVERLAYS) {
    fs.rmSync(path.join(dir, 'overlays', o, 'secrets'), { recursive: true, force: true });
    execFileSync(process.execPath, [path.join(K8S_DIR, 'scripts', 'write-secrets.mjs'), path.join(dir, 'overlays', o)], { stdio: 'pipe' });
  }
  copyDir = dir;
  return dir;
}

export function removeWorkCopy(): void {
  if (copyDir) fs.rmSync(copyDir, { recursive: true, force: true });
  copyDir = null;
}

let checked = false;
/** kubectl with a kustomize that knows components (v3.7+; kubectl 1.20's embedded v2.0.3 does not): else say so. */
function checkKubectl(): void {
  if (checked) return;
  let version: string;
  try {
    version = (JSON.parse(execFileSync('kubectl', ['version', '--client', '-o', 'json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as { kustomizeVersion?: string }).kustomizeVersion ?? '';
  } catch (err) {
    throw new Error(`kubectl is needed to render the overlays (.ci/run installs the Debian package kubectl): ${(err as Error).message}`, { cause: err });
  }
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  if (major < 3 || (major === 3 && minor < 7)) throw new Error(`kubectl's kustomize ${version || '(unknown)'} is too old: components need v3.7 or newer (kubectl 1.21+)`);
  checked = true;
}

/** `kubectl kustomize <dir>` → objects. */
export function kustomize(dir: string): K8sObject[] {
  checkKubectl();
  const out = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
  return parseAllDocuments(out).map((d) => d.toJS() as K8sObject).filter(Boolean);
}

const cache = new Map<string, K8sObject[]>();
export function render(overlay: Overlay): K8sObject[] {
  if (!cache.has(overlay)) cache.set(overlay, kustomize(path.join(workCopy(), 'overlays', overlay)));
  return cache.get(overlay)!;
}

export const byKind = (objs: K8sObject[], kind: string) => objs.filter((o) => o.kind === kind);
export const named = (objs: K8sObject[], kind: string, name: string) => objs.find((o) => o.kind === kind && o.metadata.name === name);

/** Labels match a selector (matchLabels and the In / NotIn / Exists / DoesNotExist expressions). */
export function selects(selector: { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values?: string[] }[] } | undefined,
  labels: Record<string, string> = {}): boolean {
  if (!selector) return false;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = e.key in labels;
    if (e.operator === 'In' && !(has && e.values!.includes(labels[e.key]!))) return false;
    if (e.operator === 'NotIn' && has && e.values!.includes(labels[e.key]!)) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

/** The Deployments whose pods a selector picks. */
export const podsOf = (objs: K8sObject[], selector: Parameters<typeof selects>[0]) =>
  byKind(objs, 'Deployment').filter((d) => selects(selector, d.spec.template.metadata.labels));
