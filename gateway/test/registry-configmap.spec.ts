// Issue 21 §3: a remote ships alone. The registry the gateway reads is the ConfigMap `mfe-registry` of infra/k8s,
// mounted as Kubernetes mounts a ConfigMap volume: <mount>/mfe-registry.json → ..data/mfe-registry.json, ..data → a
// timestamped folder; an update writes a new folder and swaps ..data with one rename (atomic). Moving mfe_seller to a
// new manifest URL in the ConfigMap moves the browser (it reads /mfe-registry.json) without restarting the gateway.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { eventually, gateway, makeStaticDir } from './helpers.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Obj { kind: string; metadata: { name: string }; data?: Record<string, string>; spec?: any } // eslint-disable-line @typescript-eslint/no-explicit-any

/** The base's objects as `kubectl kustomize` renders them. */
function renderBase(): Obj[] {
  const out = execFileSync('kubectl', ['kustomize', path.join(REPO, 'infra/k8s/base')], { encoding: 'utf8', maxBuffer: 32 * 1024 * 1024 });
  return parseAllDocuments(out).map((d) => d.toJS() as Obj);
}

let generation = 0;
/** What the kubelet's atomic writer does with a ConfigMap volume: files into a new folder, then ..data swapped to it. */
function projectConfigMap(mountDir: string, data: Record<string, string>): void {
  fs.mkdirSync(mountDir, { recursive: true });
  const stamp = `..2026_11_27_15_00_00.${String(++generation).padStart(9, '0')}`;
  fs.mkdirSync(path.join(mountDir, stamp));
  for (const [key, text] of Object.entries(data)) fs.writeFileSync(path.join(mountDir, stamp, key), text);
  const dataLink = path.join(mountDir, '..data');
  const previous = fs.existsSync(dataLink) ? fs.readlinkSync(dataLink) : null;
  fs.symlinkSync(stamp, path.join(mountDir, '..data_tmp'));
  fs.renameSync(path.join(mountDir, '..data_tmp'), dataLink); // rename(2): readers see the old or the new folder, never neither
  for (const key of Object.keys(data)) {
    if (!fs.existsSync(path.join(mountDir, key))) fs.symlinkSync(path.join('..data', key), path.join(mountDir, key));
  }
  if (previous) fs.rmSync(path.join(mountDir, previous), { recursive: true });
}

describe('the MF registry as a Kubernetes ConfigMap volume', () => {
  const objs = renderBase();
  const configMap = objs.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'mfe-registry')!;
  const container = objs.find((o) => o.kind === 'Deployment' && o.metadata.name === 'gateway')!.spec.template.spec.containers[0];
  const registryPath: string = container.env.find((e: { name: string }) => e.name === 'MFE_REGISTRY_FILE').value;
  const mount = container.volumeMounts.find((m: { mountPath: string }) => registryPath.startsWith(`${m.mountPath}/`));
  // the manifest's mount, under a scratch root
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-configmap-'));
  const mountDir = path.join(root, mount.mountPath);
  const file = path.join(root, registryPath);
  let app: Awaited<ReturnType<typeof gateway>>;

  beforeAll(async () => {
    projectConfigMap(mountDir, configMap.data!);
    app = await gateway({ STATIC_DIR: makeStaticDir(), MFE_REGISTRY_FILE: file });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('serves the rendered ConfigMap, then the new mfe_seller manifest URL once the ConfigMap changes, without a restart', async () => {
    expect(fs.lstatSync(file).isSymbolicLink()).toBe(true);
    const first = await app.inject({ method: 'GET', url: '/mfe-registry.json' });
    expect(first.json()).toEqual(JSON.parse(configMap.data!['mfe-registry.json']!));
    expect(first.json().remotes.mfe_seller).toBe('/mfe/mfe_seller/mf-manifest.json');

    // `kubectl apply` of the ConfigMap with mfe_seller moved to a new build on a CDN; the kubelet projects it
    const moved = 'https://cdn.example.com/mfe-seller/2.0.0/mf-manifest.json';
    const edited = JSON.parse(configMap.data!['mfe-registry.json']!);
    edited.remotes.mfe_seller = moved;
    projectConfigMap(mountDir, { 'mfe-registry.json': JSON.stringify(edited, null, 2) });

    const registry = async () => (await app.inject({ method: 'GET', url: '/mfe-registry.json' })).json() as { remotes: Record<string, string> };
    await eventually(async () => (await registry()).remotes.mfe_seller === moved);
    expect((await registry()).remotes).toEqual({ ...JSON.parse(configMap.data!['mfe-registry.json']!).remotes, mfe_seller: moved }); // the others stay
    // the page's Content-Security-Policy lets the browser load the moved remote from its origin
    const csp = async () => String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    await eventually(async () => (await csp()).includes('https://cdn.example.com'));

    // and back (a rollback of the remote is the same edit)
    projectConfigMap(mountDir, configMap.data!);
    await eventually(async () => (await registry()).remotes.mfe_seller === '/mfe/mfe_seller/mf-manifest.json');
  });
});
