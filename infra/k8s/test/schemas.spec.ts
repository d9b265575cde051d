// Every overlay renders, and every object validates offline: Kubernetes kinds against the OpenAPI schemas that
// kubernetes-models 5.1.0 is generated from (Kubernetes 1.34: it has resource.k8s.io/v1), KEDA and cert-manager
// kinds with @kubernetes-models/keda 2.0.0 and @kubernetes-models/cert-manager 6.0.0, CloudNativePG's Cluster and the
// MinIO operator's Tenant against their CRD schemas kept in crds/ (ajv). No download at test time.
import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import * as core from 'kubernetes-models/v1';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as policy from 'kubernetes-models/policy/v1';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as batch from 'kubernetes-models/batch/v1';
import * as certManager from '@kubernetes-models/cert-manager/cert-manager.io/v1';
import * as keda from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { K8S_DIR, OVERLAYS, kustomize, removeWorkCopy, render, workCopy, type K8sObject } from './render.js';

type Validating = new (o: unknown) => { validate(): void };
const MODELS: Record<string, Record<string, unknown>> = {
  v1: core, 'apps/v1': apps, 'autoscaling/v2': autoscaling, 'policy/v1': policy, 'networking.k8s.io/v1': networking,
  'batch/v1': batch, 'cert-manager.io/v1': certManager, 'keda.sh/v1alpha1': keda,
};

interface CrdSchema { group: string; version: string; kind: string; openAPIV3Schema: Record<string, unknown> & { definitions?: unknown } }
const ajv = new Ajv({ allErrors: true, strict: false });
// the OpenAPI formats the kept CRD schemas use
const int = (bits: number) => ({ type: 'number' as const, validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** (bits - 1) });
ajv.addFormat('int32', int(32)).addFormat('int64', int(64)).addFormat('date-time', (s: string) => !Number.isNaN(Date.parse(s)));
const CRDS = new Map<string, ReturnType<Ajv['compile']>>();
for (const f of fs.readdirSync(path.join(K8S_DIR, 'crds'))) {
  const crd = parse(fs.readFileSync(path.join(K8S_DIR, 'crds', f), 'utf8')) as CrdSchema & { definitions?: unknown };
  CRDS.set(`${crd.group}/${crd.version}/${crd.kind}`, ajv.compile({ ...crd.openAPIV3Schema, definitions: crd.definitions }));
}

/** Problems of one object: '' when it validates. */
export function validationErrors(o: K8sObject): string {
  const crd = CRDS.get(`${o.apiVersion}/${o.kind}`);
  if (crd) return crd(o) ? '' : ajv.errorsText(crd.errors);
  const Model = MODELS[o.apiVersion]?.[o.kind] as Validating | undefined;
  if (!Model) return `no schema for ${o.apiVersion} ${o.kind}`;
  // kustomize folds long base64 values over lines; the API server's decoder (Go's base64) skips the line breaks
  const obj = o.kind === 'Secret' && o.data
    ? { ...o, data: Object.fromEntries(Object.entries(o.data as Record<string, string>).map(([k, v]) => [k, v.replace(/\r?\n/g, '')])) }
    : o;
  try { new Model(obj).validate(); return ''; } catch (err) { return (err as Error).message; }
}

afterAll(() => removeWorkCopy());

describe.each(OVERLAYS)('overlay %s', (overlay) => {
  it('renders with kubectl kustomize', () => {
    const objs = render(overlay);
    expect(objs.length).toBeGreaterThan(50);
    expect(new Set(objs.map((o) => o.kind))).toEqual(new Set(['Namespace', 'ConfigMap', 'Secret', 'Service', 'Deployment',
      'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Ingress', 'NetworkPolicy', 'Issuer', 'Certificate', 'Cluster', 'Tenant']));
  });

  it('every object validates against its schema', () => {
    const problems = render(overlay).map((o) => [`${o.kind}/${o.metadata.name}`, validationErrors(o)]).filter(([, e]) => e);
    expect(problems).toEqual([]);
  });
});

describe('components/keda-pdf-worker', () => {
  it('added to production: a valid ScaledObject on the pdf queue replaces the CPU HPA of the pdf worker', () => {
    const dir = path.join(workCopy(), 'overlays', 'production');
    const k = path.join(dir, 'kustomization.yaml');
    const text = fs.readFileSync(k, 'utf8');
    expect(text).toContain('# - ../../components/keda-pdf-worker');
    const keda = path.join(workCopy(), 'overlays', 'production-keda');
    fs.cpSync(dir, keda, { recursive: true });
    fs.writeFileSync(path.join(keda, 'kustomization.yaml'), text.replace('# - ../../components/keda-pdf-worker', '- ../../components/keda-pdf-worker'));
    const objs = kustomize(keda);
    const so = objs.find((o) => o.kind === 'ScaledObject')!;
    expect(validationErrors(so)).toBe('');
    expect(so.spec.scaleTargetRef.name).toBe('pdf-worker');
    expect(objs.some((o) => o.kind === 'Deployment' && o.metadata.name === 'pdf-worker')).toBe(true);
    // the list BullMQ keeps the pdf queue's waiting jobs in: <prefix>:<queue>:wait, as documents configures it
    // (its queue module imports nest-common's BullRootModule, whose prefix is contracts' EVENT_QUEUE_PREFIX)
    const src = (f: string) => fs.readFileSync(path.join(K8S_DIR, '../..', f), 'utf8');
    expect(src('services/documents/src/queue/queue-root.module.ts')).toContain('BullRootModule');
    expect(src('packages/nest-common/src/events/bull-root.ts')).toMatch(/prefix:\s*EVENT_QUEUE_PREFIX/);
    const prefix = /EVENT_QUEUE_PREFIX\s*=\s*'([^']+)'/.exec(src('packages/contracts/src/events.ts'))![1];
    const queue = /PDF_QUEUE\s*=\s*'([^']+)'/.exec(src('services/documents/src/queue/bull-connection.ts'))![1];
    expect(so.spec.triggers.find((t: { type: string }) => t.type === 'redis').metadata.listName).toBe(`${prefix}:${queue}:wait`);
    expect(objs.filter((o) => o.kind === 'HorizontalPodAutoscaler').map((o) => o.metadata.name).sort()).toEqual(['documents', 'messaging']);
  });
});

describe('the validation itself', () => {
  it('refuses a wrongly typed Deployment, a CNPG Cluster of 0 instances and a Tenant pool with a misspelt field', () => {
    const prod = render('production');
    const dep = structuredClone(prod.find((o) => o.kind === 'Deployment')!);
    dep.spec.replicas = 'two';
    expect(validationErrors(dep)).toMatch(/replicas must be integer/);
    const pg = structuredClone(prod.find((o) => o.kind === 'Cluster')!);
    pg.spec.instances = 0;
    expect(validationErrors(pg)).toMatch(/instances must be >= 1/);
    const tenant = structuredClone(prod.find((o) => o.kind === 'Tenant')!);
    tenant.spec.pools[0].volumesPerServe = 2;
    expect(validationErrors(tenant)).toMatch(/additional properties/);
    expect(validationErrors({ apiVersion: 'example.com/v1', kind: 'Unknown', metadata: { name: 'x' } })).toMatch(/no schema/);
  });
});
