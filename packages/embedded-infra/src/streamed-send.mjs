import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';

export const MB = 1024 * 1024;
/** A random (incompressible) MiB, written over and over: a body of any size without building it in memory. */
const BLOCK = randomBytes(MB);
/** A file's first MiB: a PDF header (file-type calls it a PDF), then random bytes. */
const PDF_HEADER = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
const PDF_HEAD = Buffer.concat([PDF_HEADER, BLOCK.subarray(PDF_HEADER.length)]);

/**
 * A multipart POST as a browser sends it (the text fields, then each file of whole MiB as a PDF), the body generated
 * while it is sent (back-pressure respected: only a few socket buffers of it exist at once) and sent to its end even
 * after an early answer. Over a plain TCP socket: Node's http client stops sending a body once the answer has arrived.
 * Used by messaging's attachment tests and bench/messaging-attachments.mjs. Never rejects: `status` 0 = no answer,
 * `closedEarly` = the connection ended before the whole body was written.
 * @param {{ port: number, host?: string, path: string, headers?: Record<string, string>, fields: Record<string, string>,
 *   files: Array<{ name: string, mb: number }>, fileField?: string }} request
 * @returns {Promise<{ status: number, text: string, sentAtAnswer: number, sent: number, total: number, closedEarly: boolean, ms: number }>}
 */
export function streamedSend({ port, host = '127.0.0.1', path, headers = {}, fields, files, fileField = 'attachments' }) {
  const boundary = `----stream${randomUUID()}`;
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${f.name}"\r\nContent-Type: application/pdf\r\n\r\n`));
    parts.push({ mb: f.mb }, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const total = parts.reduce((n, p) => n + (Buffer.isBuffer(p) ? p.length : p.mb * MB), 0);
  function* chunks() {
    for (const p of parts) {
      if (Buffer.isBuffer(p)) yield p;
      else for (let i = 0; i < p.mb; i++) yield i === 0 ? PDF_HEAD : BLOCK;
    }
  }
  const head = [
    `POST ${path} HTTP/1.1`, `Host: ${host}:${port}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`, `Content-Length: ${total}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ].join('\r\n');
  const t0 = performance.now();
  return new Promise((resolve) => {
    let sent = 0;
    let sentAtAnswer = -1;
    let written = false;
    let received = Buffer.alloc(0);
    /** @type {{ status: number, text: string } | null} */
    let answer = null;
    let finished = false;
    const socket = net.connect(port, host);
    const finish = (closedEarly = false) => {
      if (finished) return;
      finished = true;
      socket.destroy();
      resolve({ status: answer?.status ?? 0, text: answer?.text ?? '', sentAtAnswer, sent, total, closedEarly, ms: performance.now() - t0 });
    };
    socket.on('data', (d) => {
      received = Buffer.concat([received, d]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0 || answer) return;
      if (sentAtAnswer < 0) sentAtAnswer = sent;
      const lines = received.subarray(0, end).toString('latin1').split('\r\n');
      const length = Number(/^content-length:\s*(\d+)/im.exec(lines.join('\n'))?.[1] ?? NaN);
      if (received.length - end - 4 < length) return;
      answer = { status: Number(lines[0].split(' ')[1]), text: received.subarray(end + 4, end + 4 + length).toString('utf8') };
      if (written) finish();
    });
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(!written));
    const it = chunks();
    const pump = () => {
      for (let n = it.next(); !n.done; n = it.next()) {
        sent += n.value.length;
        if (!socket.write(n.value)) return void socket.once('drain', pump);
      }
      written = true;
      if (answer) finish();
    };
    socket.once('connect', () => {
      socket.write(`${head}\r\n\r\n`);
      pump();
    });
  });
}
