import { streamedSend as send, type StreamedFile } from '@brokerage/embedded-infra/streamed-send';

export { MB, type StreamedFile } from '@brokerage/embedded-infra/streamed-send';

export interface StreamedSendResult {
  status: number;
  body: { message?: string; data?: { id: string; attachments: Array<{ fileName: string; fileSize: number }> } };
  /** Body bytes written when the answer's status line arrived, and in all. */
  sentAtAnswer: number;
  sent: number;
  total: number;
}

/**
 * POST /messages/send as a browser does (fields, then the files), generated while sent and sent to its end even after
 * an early answer (embedded-infra's streamedSend, the bench's too). Rejects when the connection ends before the answer
 * came and the whole body was written.
 */
export async function streamedSend(port: number, headers: Record<string, string>, fields: Record<string, string>, files: StreamedFile[]): Promise<StreamedSendResult> {
  const r = await send({ port, path: '/messages/send', headers, fields, files });
  if (r.closedEarly || !r.status) throw new Error(`connection closed: answer ${r.status || 'none'}, ${r.sent} of ${r.total} bytes sent`);
  let body: StreamedSendResult['body'] = {};
  try {
    body = JSON.parse(r.text) as StreamedSendResult['body'];
  } catch {
    /* not JSON */
  }
  return { status: r.status, body, sentAtAnswer: r.sentAtAnswer, sent: r.sent, total: r.total };
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
