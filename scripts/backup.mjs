#!/usr/bin/env node
// `npm run backup [-- <folder>]`: a consistent copy of every PostgreSQL schema and of the S3 bucket (README "Backups",
// infra/DEPLOY.md). Reads DATABASE_URL / S3_ENDPOINT (+ S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET) when set, else the
// embedded servers' data under DATA_DIR (default .data), running or not. Default folder: backups/<UTC time>.
import { backup } from './backup-lib/index.mjs';

const folder = process.argv[2] || `backups/${new Date().toISOString().replace(/[:.]/g, '-').replace(/-\d+Z$/, 'Z')}`;
try {
  await backup(folder);
} catch (err) {
  console.error(`✗ backup failed: ${err.message}`);
  process.exit(1);
}
