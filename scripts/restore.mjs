#!/usr/bin/env node
// `npm run restore -- <folder>`: brings an empty DATA_DIR (default .data) back to a backup made by `npm run backup`,
// or the empty database / bucket named by DATABASE_URL / S3_ENDPOINT. Checks what it restored (DDL, row counts, every
// object's SHA-256). Then `npm start` (same DATA_DIR) runs on it.
import { restore } from './backup-lib/index.mjs';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: npm run restore -- <backup folder>   (into DATA_DIR, which must be empty)');
  process.exit(2);
}
try {
  await restore(folder);
} catch (err) {
  console.error(`✗ restore failed: ${err.message}`);
  process.exit(1);
}
