import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';

export const MB = 1024 * 1024;
/** A random (incompressible) MiB, written over and over: a body of any size without building it in memory. */
const BLOCK = randomBytes(MB);
/** A file's first MiB: a PDF header (file-type calls it a PDF), then random bytes. */
const PDF_HEADER = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
const PDF_HEAD = Buffer.concat([PDF_HEADER, BLOCK.subarray(PDF_HEADER.length)]);

export interface StreamedFile {
  name: string;
  /** Whole MiB. */
  mb: number;
}

export interface StreamedSendResult {
  status: number;
  body: { message?: string; data?: { id: string; attachments: Array<{ fileName: string; fileSize: number }> } };
  /** Body bytes written when the answer's status line arrived, and in all. */
  sentAtAnswer: number;
  sent: number;
  total: number;
}

/**
 * POST /messages/send as a browser does (fields, then the files), the body generated while it is sent (back-pressure
 * respected: only a few socket buffers of it exist at once) and sent to its end even after an early answer. Over a
 * plain TCP socket: Node's http client stops sending a body once the answer has arrived.
 */
export function streamedSend(port: number, headers: Record<string, string>, fields: Record<string, string>, files: StreamedFile[]): Promise<StreamedSendResult> {
  const boundary = `----stream${randomUUID()}`;
  const parts: Array<Buffer | { file: StreamedFile }> = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="${f.name}"\r\nContent-Type: application/pdf\r\n\r\n`));
    parts.push({ file: f }, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const total = parts.reduce((n, p) => n + (Buffer.isBuffer(p) ? p.length : p.file.mb * MB), 0);
  function* chunks(): Generator<Buffer> {
    for (const p of parts) {
      if (Buffer.isBuffer(p)) yield p;
      else for (let i = 0; i < p.file.mb; i++) yield i === 0 ? PDF_HEAD : BLOCK;
    }
  }
  const head = [
    'POST /messages/send HTTP/1.1', 'Host: 127.0.0.1',
    `Content-Type: multipart/form-data; boundary=${boundary}`, `Content-Length: ${total}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    let sent = 0;
    let sentAtAnswer = -1;
    let written = false;
    let received = Buffer.alloc(0);
    let answer: { status: number; text: string } | null = null;
    const socket = net.connect(port, '127.0.0.1');
    const done = () => {
      if (!answer || !written) return;
      socket.end();
      let body: StreamedSendResult['body'] = {};
      try {
        body = JSON.parse(answer.text) as StreamedSendResult['body'];
      } catch {
        /* not JSON */
      }
      resolve({ status: answer.status, body, sentAtAnswer, sent, total });
    };
    socket.on('data', (d: Buffer) => {
      received = Buffer.concat([received, d]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0 || answer) return;
      if (sentAtAnswer < 0) sentAtAnswer = sent;
      const lines = received.subarray(0, end).toString('latin1').split('\r\n');
      const length = Number(/^content-length:\s*(\d+)/im.exec(lines.join('\n'))?.[1] ?? NaN);
      if (received.length - end - 4 < length) return;
      answer = { status: Number(lines[0]!.split(' ')[1]), text: received.subarray(end + 4, end + 4 + length).toString('utf8') };
      done();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      if (!answer || !written) reject(new Error(`connection closed: answer ${answer?.status ?? 'none'}, ${sent} of ${total} bytes sent`));
    });
    const it = chunks();
    const pump = () => {
      for (let n = it.next(); !n.done; n = it.next()) {
        sent += n.value.length;
        if (!socket.write(n.value)) return void socket.once('drain', pump);
      }
      written = true;
      done();
    };
    socket.once('connect', () => {
      socket.write(`${head}\r\n\r\n`);
      pump();
    });
  });
}

/** Samples this process's resident memory every 20 ms; `stop()` answers the peak. */
export function rssSampler(): { stop(): number } {
  let peak = process.memoryUsage.rss();
  const t = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  return {
    stop() {
      clearInterval(t);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}
