#!/usr/bin/env node
// Writes the Secret sources an overlay's secretGenerator reads (overlays/<name>/secrets/*.env, git-ignored): one
// Secret per workload holding only its half of each key pair (infra/DEPLOY.md "Identity keys"), one database role
// per service, the MinIO tenant's root and application credentials.
//   node infra/k8s/scripts/write-secrets.mjs infra/k8s/overlays/production [--keys keys.env] [--force]
// --keys: NAME=value lines as `node packages/embedded-infra/src/jwt-keys.mjs` prints them (default: a fresh set).
// S3_ACCESS_KEY / S3_SECRET_KEY / SMTP_URL from the environment when set; passwords otherwise random.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { generateJwtKeys, jwtKeysFor } from '../../../packages/embedded-infra/src/jwt-keys.mjs';

/** Workloads, the process name jwtKeysFor knows them by, and whether they use S3. */
export const WORKLOADS = [
  { name: 'gateway', keys: 'gateway', s3: false },
  { name: 'identity', keys: 'identity', s3: false },
  { name: 'listings', keys: 'listings', s3: false },
  { name: 'documents', keys: 'documents', s3: true },
  { name: 'messaging', keys: 'messaging', s3: true },
  { name: 'checklists', keys: 'checklists', s3: false },
  { name: 'pdf-worker', keys: 'pdf', s3: true },
];
export const DB_ROLES = ['identity', 'listings', 'documents', 'messaging', 'checklists'];

const random = (bytes) => crypto.randomBytes(bytes).toString('hex'); // URL-safe: goes into DATABASE_URL as is

/** File name → content of every Secret source. */
export function secretFiles({ keys = generateJwtKeys(), env = process.env } = {}) {
  const s3 = { S3_ACCESS_KEY: env.S3_ACCESS_KEY || `brokerage-${random(6)}`, S3_SECRET_KEY: env.S3_SECRET_KEY || random(24) };
  const lines = (o) => Object.entries(o).map(([k, v]) => `${k}=${v}\n`).join('');
  const files = {};
  for (const w of WORKLOADS) {
    files[`${w.name}.env`] = lines({
      ...jwtKeysFor(keys, w.keys),
      ...(w.s3 ? s3 : {}),
      ...(w.name === 'identity' ? { SMTP_URL: env.SMTP_URL || '' } : {}),
    });
  }
  for (const role of DB_ROLES) files[`${role}-db.env`] = lines({ username: role, password: random(24) });
  files['s3-config.env'] = `export MINIO_ROOT_USER=root-${random(6)}\nexport MINIO_ROOT_PASSWORD=${random(24)}\n`;
  files['s3-user.env'] = lines({ CONSOLE_ACCESS_KEY: s3.S3_ACCESS_KEY, CONSOLE_SECRET_KEY: s3.S3_SECRET_KEY });
  return files;
}

function readKeys(file) {
  const keys = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) keys[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return keys;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const args = process.argv.slice(2);
  const overlay = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--keys');
  if (!overlay) { console.error('usage: write-secrets.mjs <overlay dir> [--keys file] [--force]'); process.exit(2); }
  const k = args.indexOf('--keys');
  const dir = path.join(overlay, 'secrets');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const files = secretFiles(k >= 0 ? { keys: readKeys(args[k + 1]) } : {});
  const existing = Object.keys(files).filter((f) => fs.existsSync(path.join(dir, f)));
  if (existing.length && !args.includes('--force')) {
    console.error(`${dir} already has ${existing.join(', ')}: keep them, or --force to replace every secret`);
    process.exit(1);
  }
  for (const [f, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, f), text, { mode: 0o600 });
  console.log(`wrote ${Object.keys(files).length} files to ${dir}`);
}
