import http from 'node:http';

/** An open GET /api/events stream as a test sees it: the events so far and when the server ended it. */
export interface Sse {
  status: number;
  events: Array<{ id: string | undefined; data: unknown }>;
  /** ms since epoch when the server ended the stream; null while open. */
  endedAt: number | null;
  close(): void;
}

/** Opens /api/events with a session (header or cookie), optionally resuming after `lastEventId`. */
export function openEvents(base: string, o: { token?: string; cookie?: string; lastEventId?: string }): Promise<Sse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (o.token) headers['x-session-token'] = o.token;
    if (o.cookie) headers.cookie = o.cookie;
    if (o.lastEventId) headers['last-event-id'] = o.lastEventId;
    const req = http.get(`${base}/api/events`, { headers }, (res) => {
      const sse: Sse = { status: res.statusCode ?? 0, events: [], endedAt: null, close: () => req.destroy() };
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let end: number;
        while ((end = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, end);
          buf = buf.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data) sse.events.push({ id: /^id: (.*)$/m.exec(block)?.[1], data: JSON.parse(data) });
        }
      });
      const ended = () => { sse.endedAt ??= Date.now(); };
      res.on('end', ended);
      res.on('close', ended);
      res.on('error', () => undefined);
      // the headers are flushed with the first "retry:" line
      setTimeout(() => resolve(sse), 150);
    });
    req.on('error', (err) => (err.message === 'socket hang up' || (err as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(err)));
  });
}

/** Waits until `check` holds, failing after `ms`. */
export async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
