// scripts/write-secrets.mjs: the Secret sources of an overlay, private to their owner, never committed, never
// silently replaced.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { K8S_DIR, OVERLAYS } from './render.js';

const script = path.join(K8S_DIR, 'scripts', 'write-secrets.mjs');

describe('scripts/write-secrets.mjs', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'k8s-secrets-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes one file per Secret, readable by its owner only, and refuses to replace them without --force', () => {
    execFileSync(process.execPath, [script, dir], { stdio: 'pipe' });
    const files = fs.readdirSync(path.join(dir, 'secrets')).sort();
    expect(files).toEqual(['checklists-db.env', 'checklists.env', 'documents-db.env', 'documents.env', 'gateway.env', 'identity-db.env',
      'identity.env', 'listings-db.env', 'listings.env', 'messaging-db.env', 'messaging.env', 'pdf-worker.env', 's3-config.env', 's3-user.env']);
    for (const f of files) expect({ f, mode: fs.statSync(path.join(dir, 'secrets', f)).mode & 0o777 }).toEqual({ f, mode: 0o600 });
    const before = fs.readFileSync(path.join(dir, 'secrets', 'gateway.env'), 'utf8');

    const again = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('--force');
    expect(fs.readFileSync(path.join(dir, 'secrets', 'gateway.env'), 'utf8')).toBe(before);

    execFileSync(process.execPath, [script, dir, '--force'], { stdio: 'pipe' });
    expect(fs.readFileSync(path.join(dir, 'secrets', 'gateway.env'), 'utf8')).not.toBe(before);
  });

  it('takes the identity keys from a --keys file (as jwt-keys.mjs prints them) and S3 credentials from the environment', () => {
    const keys = execFileSync(process.execPath, [path.join(K8S_DIR, '../../packages/embedded-infra/src/jwt-keys.mjs')], { encoding: 'utf8' });
    fs.writeFileSync(path.join(dir, 'keys.env'), keys);
    execFileSync(process.execPath, [script, dir, '--keys', path.join(dir, 'keys.env'), '--force'], { stdio: 'pipe', env: { ...process.env, S3_ACCESS_KEY: 'app-key', S3_SECRET_KEY: 'app-secret-value' } });
    const read = (f: string) => Object.fromEntries(fs.readFileSync(path.join(dir, 'secrets', f), 'utf8').trim().split('\n').map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    const given = Object.fromEntries(keys.trim().split('\n').map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    expect(read('gateway.env').IDENTITY_JWT_PRIVATE_KEY).toBe(given.IDENTITY_JWT_PRIVATE_KEY);
    expect(read('listings.env').SERVICE_JWT_PRIVATE_KEY).toBe(given.SERVICE_JWT_PRIVATE_KEY_LISTINGS);
    expect(read('documents.env')).toMatchObject({ S3_ACCESS_KEY: 'app-key', S3_SECRET_KEY: 'app-secret-value' });
    expect(read('s3-user.env')).toEqual({ CONSOLE_ACCESS_KEY: 'app-key', CONSOLE_SECRET_KEY: 'app-secret-value' });
  });

  it.each(OVERLAYS)('git ignores overlays/%s/secrets', (overlay) => {
    const file = path.join(K8S_DIR, 'overlays', overlay, 'secrets', 'gateway.env');
    expect(spawnSync('git', ['check-ignore', '-q', file], { cwd: K8S_DIR }).status).toBe(0);
  });
});
