// Policy over the rendered overlays: every rule of issue 21 §1 that can be read off a manifest.
import fs from 'node:fs';
import path from 'node:path';
import { K8S_DIR, OVERLAYS, byKind, named, podsOf, removeWorkCopy, render, selects, type K8sObject } from './render.js';

afterAll(() => removeWorkCopy());

const SERVICES = ['identity', 'listings', 'documents', 'messaging', 'checklists'] as const;
const PUBLIC_PORT: Record<string, number> = { identity: 3001, listings: 3002, documents: 3003, messaging: 3004, checklists: 3005 };
/**
 * Who may call whose /internal/*, read from the services' own routes: every `@InternalCallers('a', 'b')` in
 * services/<name>/src (docs/CONVENTIONS.md "Identity across services"). A new internal caller the NetworkPolicies do
 * not let through fails here.
 */
const INTERNAL_CALLERS: Record<string, string[]> = Object.fromEntries(SERVICES.map((svc) => {
  const callers = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) walk(f);
      else if (f.endsWith('.ts')) for (const m of fs.readFileSync(f, 'utf8').matchAll(/@InternalCallers\(([^)]*)\)/g)) for (const n of m[1]!.matchAll(/'([a-z-]+)'/g)) callers.add(n[1]!);
    }
  };
  walk(path.join(K8S_DIR, '../../services', svc, 'src'));
  return [svc, [...callers].sort()];
}));
const REMOTES = ['mfe-public', 'mfe-seller', 'mfe-buyer', 'mfe-staff'];
const PROCESSES = [...SERVICES, 'pdf-worker', 'gateway', ...REMOTES];

type Container = { name: string; image: string; ports?: { name?: string; containerPort: number }[]; [k: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const containers = (d: K8sObject): Container[] => d.spec.template.spec.containers;
const appOf = (d: K8sObject): string => d.spec.template.metadata.labels['app.kubernetes.io/name'];
const portOf = (d: K8sObject, p: number | string) =>
  containers(d).flatMap((c) => c.ports ?? []).find((x) => (typeof p === 'number' ? x.containerPort === p : x.name === p));
const kinds = (objs: K8sObject[]) => new Set(objs.map((o) => o.kind));

describe.each(OVERLAYS)('overlay %s', (overlay) => {
  const objs = () => render(overlay);
  const deployments = () => byKind(objs(), 'Deployment');

  it('has a Deployment and a Service for every process, and no home-made StatefulSet', () => {
    expect(deployments().map(appOf).sort()).toEqual([...PROCESSES].sort());
    for (const p of PROCESSES) expect({ p, service: !!named(objs(), 'Service', p) }).toEqual({ p, service: true });
    expect(kinds(objs()).has('StatefulSet')).toBe(false);
  });

  it('every container has startup, readiness and liveness probes on the split health endpoints', () => {
    for (const d of deployments()) {
      for (const c of containers(d)) {
        const paths = ['startupProbe', 'readinessProbe', 'livenessProbe'].map((p) => c[p]?.httpGet?.path);
        const remote = REMOTES.includes(appOf(d));
        // the gateway as the services: its split endpoints on its internal listener (METRICS_PORT), not the public /api
        const want = remote ? ['/mf-manifest.json', '/mf-manifest.json', '/mf-manifest.json'] : ['/health/live', '/health/ready', '/health/live'];
        expect({ app: appOf(d), paths }).toEqual({ app: appOf(d), paths: want });
        const ports = ['startupProbe', 'readinessProbe', 'livenessProbe'].map((p) => c[p]?.httpGet?.port);
        expect({ app: appOf(d), ports }).toEqual({ app: appOf(d), ports: Array(3).fill(remote ? 'http' : 'internal') });
        for (const p of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
          expect({ app: appOf(d), p, port: !!portOf(d, c[p].httpGet.port) }).toEqual({ app: appOf(d), p, port: true });
        }
      }
    }
  });

  it('every container has cpu and memory requests and limits', () => {
    for (const d of deployments()) for (const c of containers(d)) {
      const r = c.resources ?? {};
      expect({ app: appOf(d), r: [r.requests?.cpu, r.requests?.memory, r.limits?.cpu, r.limits?.memory].every(Boolean) }).toEqual({ app: appOf(d), r: true });
    }
  });

  it('runs non-root with a read-only root filesystem, no capabilities, seccomp RuntimeDefault, no API token', () => {
    for (const d of deployments()) {
      const pod = d.spec.template.spec;
      expect({ app: appOf(d), pod: [pod.securityContext?.runAsNonRoot, pod.securityContext?.runAsUser > 0, pod.securityContext?.seccompProfile?.type, pod.automountServiceAccountToken] })
        .toEqual({ app: appOf(d), pod: [true, true, 'RuntimeDefault', false] });
      for (const c of containers(d)) {
        const s = c.securityContext ?? {};
        expect({ app: appOf(d), s: [s.readOnlyRootFilesystem, s.allowPrivilegeEscalation, s.capabilities?.drop, s.seccompProfile?.type] })
          .toEqual({ app: appOf(d), s: [true, false, ['ALL'], 'RuntimeDefault'] });
        // a writable /tmp (emptyDir) for what the read-only root filesystem refuses
        expect(c.volumeMounts?.some((m: { mountPath: string }) => m.mountPath === '/tmp')).toBe(true);
      }
    }
  });

  it('every image has a version tag, never latest (operators\' images too)', () => {
    const images = [...deployments().flatMap((d) => containers(d).map((c) => c.image)),
      ...byKind(objs(), 'Cluster').map((c) => c.spec.imageName), ...byKind(objs(), 'Tenant').map((t) => t.spec.image)];
    expect(images.length).toBeGreaterThan(12);
    for (const image of images) expect(image).toMatch(/:(v?\d+\.\d+(\.\d+)?([-.][\w.-]+)?|RELEASE\.[\w.-]+)$|@sha256:[0-9a-f]{64}$/);
    expect(images.filter((i) => /:latest$/.test(i) || !/[:@]/.test(i.split('/').pop()!))).toEqual([]);
  });

  it('every Secret and ConfigMap a workload, an Ingress or an operator resource names exists (with the key it reads)', () => {
    const secrets = new Map(byKind(objs(), 'Secret').map((s) => [s.metadata.name, s]));
    const configMaps = new Map(byKind(objs(), 'ConfigMap').map((c) => [c.metadata.name, c]));
    const fromCertificates = new Set(byKind(objs(), 'Certificate').map((c) => c.spec.secretName));
    const missing: string[] = [];
    const need = (kind: 'Secret' | 'ConfigMap', name: string, key: string | undefined, who: string) => {
      const o = (kind === 'Secret' ? secrets : configMaps).get(name);
      if (!o) { if (!(kind === 'Secret' && fromCertificates.has(name))) missing.push(`${who} → ${kind} ${name}`); return; }
      if (key && !(key in (o.data ?? {}))) missing.push(`${who} → ${kind} ${name} key ${key}`);
    };
    for (const d of deployments()) {
      const pod = d.spec.template.spec;
      for (const c of containers(d)) {
        for (const e of c.envFrom ?? []) {
          if (e.secretRef) need('Secret', e.secretRef.name, undefined, appOf(d));
          if (e.configMapRef) need('ConfigMap', e.configMapRef.name, undefined, appOf(d));
        }
        for (const e of c.env ?? []) {
          if (e.valueFrom?.secretKeyRef) need('Secret', e.valueFrom.secretKeyRef.name, e.valueFrom.secretKeyRef.key, `${appOf(d)} ${e.name}`);
          if (e.valueFrom?.configMapKeyRef) need('ConfigMap', e.valueFrom.configMapKeyRef.name, e.valueFrom.configMapKeyRef.key, `${appOf(d)} ${e.name}`);
        }
      }
      for (const v of pod.volumes ?? []) {
        if (v.configMap) need('ConfigMap', v.configMap.name, undefined, `${appOf(d)} volume ${v.name}`);
        if (v.secret) need('Secret', v.secret.secretName, undefined, `${appOf(d)} volume ${v.name}`);
      }
    }
    for (const i of byKind(objs(), 'Ingress')) for (const t of i.spec.tls ?? []) need('Secret', t.secretName, undefined, `Ingress ${i.metadata.name}`);
    for (const c of byKind(objs(), 'Cluster')) for (const r of c.spec.managed?.roles ?? []) need('Secret', r.passwordSecret.name, 'password', `Cluster role ${r.name}`);
    for (const t of byKind(objs(), 'Tenant')) {
      need('Secret', t.spec.configuration.name, 'config.env', 'Tenant configuration');
      for (const u of t.spec.users ?? []) need('Secret', u.name, 'CONSOLE_SECRET_KEY', 'Tenant user');
    }
    expect(missing).toEqual([]);
  });

  it('secrets are referenced, never inlined in a workload', () => {
    for (const d of deployments()) for (const c of containers(d)) {
      const inlined = (c.env ?? []).filter((e: { name: string; value?: string }) => e.value !== undefined && /KEY|SECRET|PASSWORD|TOKEN/.test(e.name) && !/\$\(/.test(e.value));
      expect({ app: appOf(d), inlined }).toEqual({ app: appOf(d), inlined: [] });
    }
  });

  it('a Secret per workload, each with only its half of each key pair (infra/DEPLOY.md)', () => {
    const decode = (s: K8sObject) => Object.fromEntries(Object.entries(s.data as Record<string, string>).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]));
    const secretOf = new Map<string, Record<string, string>>();
    const owners = new Map<string, string[]>();
    for (const d of deployments()) {
      const refs = containers(d).flatMap((c) => (c.envFrom ?? []).filter((e: { secretRef?: unknown }) => e.secretRef).map((e: { secretRef: { name: string } }) => e.secretRef.name));
      for (const r of refs) owners.set(r, [...(owners.get(r) ?? []), appOf(d)]);
      if (refs.length) secretOf.set(appOf(d), Object.assign({}, ...refs.map((r: string) => decode(named(objs(), 'Secret', r)!))));
    }
    for (const [secret, apps] of owners) expect({ secret, apps: apps.length }).toEqual({ secret, apps: 1 });
    const holders = (key: string) => [...secretOf].filter(([, data]) => key in data).map(([app]) => app).sort();
    expect(holders('IDENTITY_JWT_PRIVATE_KEY')).toEqual(['gateway']);
    expect(holders('SESSION_CACHE_PRIVATE_KEY')).toEqual(['identity']);
    expect(holders('SESSION_CACHE_PUBLIC_KEYS')).toEqual(['gateway']);
    expect(holders('SERVICE_JWT_PRIVATE_KEY')).toEqual(['checklists', 'documents', 'gateway', 'identity', 'listings', 'messaging']);
    expect(holders('IDENTITY_JWT_PUBLIC_KEYS')).toEqual([...SERVICES, 'pdf-worker'].sort());
    expect(holders('S3_SECRET_KEY')).toEqual(['documents', 'messaging', 'pdf-worker']);
    for (const [app, data] of secretOf) {
      // each signs its internal calls as itself: the key's kid names the workload
      if (data.SERVICE_JWT_PRIVATE_KEY) expect({ app, kid: JSON.parse(data.SERVICE_JWT_PRIVATE_KEY).kid }).toEqual({ app, kid: expect.stringMatching(new RegExp(`^service-${app}-`)) });
    }
  });

  it('every Service selects a Deployment\'s pods, on ports those pods have', () => {
    for (const s of byKind(objs(), 'Service')) {
      if (s.spec.type === 'ExternalName') continue;
      const pods = podsOf(objs(), { matchLabels: s.spec.selector });
      expect({ service: s.metadata.name, deployments: pods.length }).toEqual({ service: s.metadata.name, deployments: 1 });
      for (const p of s.spec.ports) expect({ service: s.metadata.name, port: p.targetPort, found: !!portOf(pods[0]!, p.targetPort) }).toEqual({ service: s.metadata.name, port: p.targetPort, found: true });
    }
  });

  it('every NetworkPolicy port is a container port of the pods it lets traffic reach', () => {
    const problems: string[] = [];
    const state: Record<string, number[]> = { 'cnpg.io/cluster': [5432, 8000], 'v1.min.io/tenant': [9000] };
    for (const np of byKind(objs(), 'NetworkPolicy')) {
      const guarded = podsOf(objs(), np.spec.podSelector);
      for (const rule of np.spec.ingress ?? []) for (const p of rule.ports ?? []) {
        const stateKey = Object.keys(state).find((k) => np.spec.podSelector.matchLabels?.[k]);
        if (stateKey) { if (!state[stateKey]!.includes(p.port)) problems.push(`${np.metadata.name} ingress ${p.port}`); continue; }
        for (const d of guarded) if (!portOf(d, p.port) && !(typeof p.port === 'string' && guarded.length > 1)) problems.push(`${np.metadata.name} ingress ${p.port} on ${appOf(d)}`);
        if (typeof p.port === 'string' && !guarded.some((d) => portOf(d, p.port))) problems.push(`${np.metadata.name} named port ${p.port} on none`);
      }
      for (const rule of np.spec.egress ?? []) for (const peer of rule.to ?? []) {
        if (!peer.podSelector || peer.namespaceSelector) continue;
        const stateKey = Object.keys(state).find((k) => peer.podSelector.matchLabels?.[k]);
        for (const p of rule.ports ?? []) {
          if (stateKey) { if (!state[stateKey]!.includes(p.port)) problems.push(`${np.metadata.name} egress ${p.port}`); continue; }
          const targets = podsOf(objs(), peer.podSelector);
          if (!targets.length) problems.push(`${np.metadata.name} egress to no pods`);
          for (const d of targets) if (!portOf(d, p.port)) problems.push(`${np.metadata.name} egress ${p.port} to ${appOf(d)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the internal callers are read from the services\' routes', () => {
    expect(INTERNAL_CALLERS.identity).toContain('gateway');
    expect(Object.values(INTERNAL_CALLERS).flat().length).toBeGreaterThan(5);
  });

  it('NetworkPolicies: deny by default; only the ingress reaches the gateway and the remotes; only the gateway the public ports; internal ports per ownership', () => {
    const nps = byKind(objs(), 'NetworkPolicy');
    const deny = nps.find((n) => Object.keys(n.spec.podSelector).length === 0 && !n.spec.ingress && !n.spec.egress);
    expect(deny?.spec.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
    /** Which peers may open a connection to app's port: 'ns:<name>' or app names. */
    const allowedTo = (app: string, port: number) => {
      const d = deployments().find((x) => appOf(x) === app)!;
      const portName = containers(d).flatMap((c) => c.ports ?? []).find((p) => p.containerPort === port)?.name;
      const peers = new Set<string>();
      for (const np of nps) {
        if (!selects(np.spec.podSelector, d.spec.template.metadata.labels) && Object.keys(np.spec.podSelector).length) continue;
        for (const rule of np.spec.ingress ?? []) {
          if (!(rule.ports ?? []).some((p: { port: number | string }) => p.port === port || p.port === portName)) continue;
          for (const peer of rule.from ?? []) {
            if (peer.namespaceSelector) peers.add(`ns:${peer.namespaceSelector.matchLabels['kubernetes.io/metadata.name']}`);
            else for (const x of podsOf(objs(), peer.podSelector)) peers.add(appOf(x));
          }
        }
      }
      return [...peers].sort();
    };
    expect(allowedTo('gateway', 8080)).toEqual(['ns:ingress-nginx']);
    for (const r of REMOTES) expect({ r, from: allowedTo(r, 8080) }).toEqual({ r, from: ['ns:ingress-nginx'] });
    for (const s of SERVICES) {
      expect({ s, public: allowedTo(s, PUBLIC_PORT[s]!) }).toEqual({ s, public: ['gateway'] });
      // internal port: its callers, and the metrics scraper (Prometheus in the monitoring namespace)
      expect({ s, internal: allowedTo(s, PUBLIC_PORT[s]! + 100) }).toEqual({ s, internal: [...INTERNAL_CALLERS[s]!, 'ns:monitoring'].sort() });
    }
    expect(allowedTo('pdf-worker', 3013)).toEqual([]); // health only: the kubelet's probes
    expect(allowedTo('pdf-worker', 3113)).toEqual(['ns:monitoring']);
    // egress mirrors it: a service reaches only its callees' internal ports among the processes
    for (const from of [...SERVICES, 'pdf-worker', 'gateway']) {
      const d = deployments().find((x) => appOf(x) === from)!;
      const reach = new Set<string>();
      for (const np of nps) {
        if (!selects(np.spec.podSelector, d.spec.template.metadata.labels)) continue;
        for (const rule of np.spec.egress ?? []) for (const peer of rule.to ?? []) {
          if (!peer.podSelector || peer.namespaceSelector) continue;
          for (const t of podsOf(objs(), peer.podSelector)) for (const p of rule.ports ?? []) reach.add(`${appOf(t)}:${p.port}`);
        }
      }
      const want = [
        ...Object.entries(INTERNAL_CALLERS).filter(([, callers]) => callers.includes(from)).map(([to]) => `${to}:${PUBLIC_PORT[to]! + 100}`),
        ...(from === 'gateway' ? SERVICES.map((s) => `${s}:${PUBLIC_PORT[s]}`) : []),
      ].sort();
      expect({ from, reach: [...reach].sort() }).toEqual({ from, reach: want });
    }
  });

  it('state per ownership: PostgreSQL for the services and the worker, S3 for documents, messaging and the worker, Redis for every process with code', () => {
    const nps = byKind(objs(), 'NetworkPolicy');
    const clientsOf = (name: string) => podsOf(objs(), named(objs(), 'NetworkPolicy', name)!.spec.podSelector).map(appOf).sort();
    expect(clientsOf('postgres-clients-egress')).toEqual([...SERVICES, 'pdf-worker'].sort());
    expect(clientsOf('s3-clients-egress')).toEqual(['documents', 'messaging', 'pdf-worker']);
    expect(clientsOf('redis-clients-egress')).toEqual([...SERVICES, 'gateway', 'pdf-worker'].sort());
    expect(nps.filter((n) => (n.spec.egress ?? []).some((r: { to?: { podSelector?: { matchLabels?: Record<string, string> } }[] }) =>
      r.to?.some((p) => p.podSelector?.matchLabels?.['cnpg.io/cluster']))).map((n) => n.metadata.name)).toEqual(['postgres-clients-egress', 'postgres-ingress']);
    // one database role per service (the worker uses documents'), from its own Secret
    for (const d of deployments().filter((x) => [...SERVICES, 'pdf-worker'].includes(appOf(x)))) {
      const user = containers(d)[0]!.env.find((e: { name: string }) => e.name === 'DB_USER').valueFrom.secretKeyRef.name;
      expect({ app: appOf(d), user }).toEqual({ app: appOf(d), user: `${appOf(d) === 'pdf-worker' ? 'documents' : appOf(d)}-db` });
    }
    const pg = byKind(objs(), 'Cluster');
    expect(pg.map((c) => c.spec.managed.roles.map((r: { name: string }) => r.name).sort())).toEqual([[...SERVICES].sort()]);
    expect(byKind(objs(), 'Tenant').map((t) => t.spec.buckets[0].name)).toEqual(['brokerage']);
    expect(named(objs(), 'Service', 'redis')?.spec.type).toBe('ExternalName');
  });

  it('migrations: one new pod at a time (maxSurge 1, maxUnavailable 0) for every process that migrates at start', () => {
    for (const d of deployments().filter((x) => [...SERVICES, 'pdf-worker'].includes(appOf(x)))) {
      expect({ app: appOf(d), s: d.spec.strategy }).toEqual({ app: appOf(d), s: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } } });
    }
    expect(kinds(objs()).has('Job')).toBe(false);
  });

  it('HPAs (CPU) for documents, messaging and the pdf worker target their Deployments, which leave the count to them', () => {
    const hpas = byKind(objs(), 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(['documents', 'messaging', 'pdf-worker']);
    for (const h of hpas) {
      const d = named(objs(), 'Deployment', h.spec.scaleTargetRef.name);
      expect(d).toBeDefined();
      // no replica count of its own: each `kubectl apply` would set it back under the autoscaler
      expect({ hpa: h.metadata.name, replicas: d!.spec.replicas }).toEqual({ hpa: h.metadata.name, replicas: undefined });
      expect(h.spec.metrics.map((m: { resource: { name: string } }) => m.resource.name)).toEqual(['cpu']);
    }
  });

  it('everything that runs two or more replicas has a PodDisruptionBudget and topology spread', () => {
    const hpaMin = new Map(byKind(objs(), 'HorizontalPodAutoscaler').map((h) => [h.spec.scaleTargetRef.name, h.spec.minReplicas]));
    const multi = deployments().filter((d) => Math.max(d.spec.replicas ?? 1, hpaMin.get(d.metadata.name) ?? 0) >= 2);
    if (overlay === 'production') expect(multi.map(appOf).sort()).toEqual([...PROCESSES].sort());
    for (const d of multi) {
      const pdbs = byKind(objs(), 'PodDisruptionBudget').filter((p) => selects(p.spec.selector, d.spec.template.metadata.labels));
      expect({ app: appOf(d), pdbs: pdbs.length }).toEqual({ app: appOf(d), pdbs: 1 });
      expect(d.spec.template.spec.topologySpreadConstraints?.map((t: { topologyKey: string }) => t.topologyKey)).toEqual(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']);
    }
    // a budget never blocks a drain of a single replica
    for (const p of byKind(objs(), 'PodDisruptionBudget')) expect(p.spec.maxUnavailable).toBe(1);
  });

  it('the Ingress sends /api and pages to the gateway and /mfe/<remote>/ to each remote, over TLS from a cert-manager Certificate', () => {
    const ingresses = byKind(objs(), 'Ingress');
    const routes = ingresses.flatMap((i) => i.spec.rules.flatMap((r: { http: { paths: { path: string; backend: { service: { name: string } } }[] } }) =>
      r.http.paths.map((p) => [p.path, p.backend.service.name])));
    expect(routes).toEqual(expect.arrayContaining([['/', 'gateway'], ...REMOTES.map((r) => [`/mfe/${r.replace('-', '_')}(/|$)(.*)`, r])]));
    const certs = byKind(objs(), 'Certificate');
    for (const i of ingresses) {
      expect(i.spec.tls).toHaveLength(1);
      const cert = certs.find((c) => c.spec.secretName === i.spec.tls[0].secretName);
      expect(cert?.spec.dnsNames).toEqual(i.spec.tls[0].hosts);
      expect(named(objs(), cert!.spec.issuerRef.kind, cert!.spec.issuerRef.name)).toBeDefined();
    }
    // an HTTP-01 ACME issuer: its solver pods must be reachable from the ingress controller through deny-by-default
    if (byKind(objs(), 'Issuer').some((i) => i.spec.acme?.solvers?.some((x: { http01?: unknown }) => x.http01))) {
      const solver = { 'acme.cert-manager.io/http01-solver': 'true' };
      const open = byKind(objs(), 'NetworkPolicy').filter((n) => selects(n.spec.podSelector, solver) && Object.keys(n.spec.podSelector).length)
        .flatMap((n) => n.spec.ingress ?? []).filter((r: { from?: { namespaceSelector?: { matchLabels?: Record<string, string> } }[] }) =>
          r.from?.some((f) => f.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'ingress-nginx'));
      expect(open.length).toBe(1);
    }
  });

  it('the MF registry is a ConfigMap mounted as a directory (a subPath mount would never see an update)', () => {
    const gw = named(objs(), 'Deployment', 'gateway')!;
    const c = containers(gw)[0]!;
    const file = c.env.find((e: { name: string }) => e.name === 'MFE_REGISTRY_FILE').value as string;
    const mount = c.volumeMounts.find((m: { mountPath: string }) => file.startsWith(`${m.mountPath}/`));
    expect(mount?.subPath).toBeUndefined();
    const volume = gw.spec.template.spec.volumes.find((v: { name: string }) => v.name === mount.name);
    const cm = named(objs(), 'ConfigMap', volume.configMap.name)!;
    expect(Object.keys(cm.data)).toEqual([file.slice(mount.mountPath.length + 1)]);
    expect(JSON.parse(cm.data[file.slice(mount.mountPath.length + 1)]).remotes.mfe_seller).toBe('/mfe/mfe_seller/mf-manifest.json');
  });

  it('the namespace enforces the restricted Pod Security standard', () => {
    expect(byKind(objs(), 'Namespace')[0]!.metadata.labels).toMatchObject({ 'pod-security.kubernetes.io/enforce': 'restricted' });
    expect(K8S_DIR).toMatch(/infra\/k8s$/);
  });
});
