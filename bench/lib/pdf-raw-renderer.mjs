#!/usr/bin/env node
// Raw pdfkit for bench/pdf-throughput: documents' renderer in a process of its own, started with the pdf worker's V8
// flags, one PDF after another, no I/O. Reads the content (a PDF job payload) as JSON from argv[2]; then each line
// "N" on stdin renders N PDFs and answers one JSON line {rate, bytes}. Kept alive between rounds, as the worker is.
import readline from 'node:readline';
import fs from 'node:fs';
import { renderPdf } from '../../services/documents/dist/src/pdf/pdf-renderer.js';

const content = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
for await (const line of readline.createInterface({ input: process.stdin })) {
  const n = Number(line);
  const t = performance.now();
  let bytes = 0;
  for (let i = 0; i < n; i++) bytes += (await renderPdf(content)).length;
  process.stdout.write(`${JSON.stringify({ rate: n / ((performance.now() - t) / 1000), bytes: bytes / n })}\n`);
}
