// Jest global setup: real PostgreSQL, Redis and S3 on free ports, fresh data in a temp dir, for one Jest run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startInfra } from './stack.mjs';
import { generateJwtKeys, SERVICE_KEY_OWNERS, servicePrivateKeyName } from './jwt-keys.mjs';

export default async function globalSetup(globalConfig) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerage-test-'));
  fs.chmodSync(dataDir, 0o755);
  const infra = await startInfra({ dataDir });
  const mailDir = path.join(dataDir, 'mailbox');
  fs.mkdirSync(mailDir, { recursive: true });
  // every key pair of the identity scheme: services verify with the public halves, the test helpers
  // (signIdentity, serviceIdentity(name)) sign with the private ones as the gateway and each service do
  // (SERVICE_JWT_PRIVATE_KEY_<NAME>); SERVICE_JWT_PRIVATE_KEY is the tested package's own, as in production
  const keys = generateJwtKeys();
  const self = path.basename(globalConfig?.rootDir ?? process.cwd());
  Object.assign(process.env, infra.env, keys, {
    MAIL_DIR: mailDir,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL || 'silent',
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:8080',
  });
  if (SERVICE_KEY_OWNERS.includes(self)) process.env.SERVICE_JWT_PRIVATE_KEY = keys[servicePrivateKeyName(self)];
  else delete process.env.SERVICE_JWT_PRIVATE_KEY;
  globalThis.__BROKERAGE_INFRA__ = { stop: infra.stop, dataDir };
}
