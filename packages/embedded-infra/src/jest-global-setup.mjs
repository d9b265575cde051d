// Jest global setup: real PostgreSQL, Redis and S3 on free ports, fresh data in a temp dir, for one Jest run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startInfra } from './stack.mjs';
import { generateJwtKeys } from './jwt-keys.mjs';

export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerage-test-'));
  fs.chmodSync(dataDir, 0o755);
  const infra = await startInfra({ dataDir });
  const mailDir = path.join(dataDir, 'mailbox');
  fs.mkdirSync(mailDir, { recursive: true });
  // every key pair of the identity scheme: services verify with the public halves, the test helpers
  // (signIdentity, serviceIdentity) sign with the private ones as the gateway and the services do
  Object.assign(process.env, infra.env, generateJwtKeys(), {
    MAIL_DIR: mailDir,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL || 'silent',
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:8080',
  });
  globalThis.__BROKERAGE_INFRA__ = { stop: infra.stop, dataDir };
}
