import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type Ctx } from '../helpers.js';
import type { InternalAttentionRequest, InternalAttentionResponse, InternalDocumentActivity, LastSentResponse } from '@brokerage/contracts';

/**
 * Documents' GET /internal/listings/{id}/buyer-activity and messaging's POST /internal/messages/last-sent (contracts
 * buyer-activity.ts), served from what a test puts in, so listings is tested alone over real HTTP. Each service tests
 * its own real route (services/documents/test/buyer-activity.spec.ts, services/messaging/test/internal-activity.spec.ts).
 */
export interface ActivityStubs {
  documentsUrl: string;
  messagingUrl: string;
  documents: Map<string, InternalDocumentActivity['users']>;
  lastSent: Map<string, string>;
  /** Documents' POST /internal/needs-attention answer, and the bodies it was asked with. */
  attention: InternalAttentionResponse;
  attentionAsked: InternalAttentionRequest[];
  /** Answer 503 from both (a service down). */
  down: boolean;
  /** Calls without a service token (must stay 0). */
  unsigned: number;
  close(): Promise<void>;
}

async function serve(handler: http.RequestListener): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  server.unref();
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export async function startActivityStubs(): Promise<ActivityStubs> {
  const stubs = { documents: new Map(), lastSent: new Map(), attention: { uploads: [], dueDiligence: [] }, attentionAsked: [], down: false, unsigned: 0 } as unknown as ActivityStubs;
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const guard = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    if (!req.headers['x-identity-token']) {
      stubs.unsigned++;
      json(res, 401, { message: 'Authentication required' });
      return false;
    }
    if (stubs.down) {
      json(res, 503, { message: 'Service unavailable' });
      return false;
    }
    return true;
  };
  const docs = await serve((req, res) => {
    if (!guard(req, res)) return;
    if (req.method === 'POST' && req.url === '/internal/needs-attention') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        stubs.attentionAsked.push(JSON.parse(body) as InternalAttentionRequest);
        json(res, 200, stubs.attention);
      });
      return;
    }
    const m = /^\/internal\/listings\/([^/]+)\/buyer-activity$/.exec(req.url ?? '');
    if (req.method !== 'GET' || !m) return json(res, 404, { message: 'Not found' });
    json(res, 200, { listingId: m[1], users: stubs.documents.get(m[1]!) ?? [] } satisfies InternalDocumentActivity);
  });
  const messaging = await serve((req, res) => {
    if (!guard(req, res)) return;
    if (req.method !== 'POST' || req.url !== '/internal/messages/last-sent') return json(res, 404, { message: 'Not found' });
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const { userIds } = JSON.parse(body) as { userIds: string[] };
      const users = userIds.flatMap((userId) => (stubs.lastSent.has(userId) ? [{ userId, at: stubs.lastSent.get(userId)! }] : []));
      json(res, 200, { users } satisfies LastSentResponse);
    });
  });
  stubs.documentsUrl = docs.url;
  stubs.messagingUrl = messaging.url;
  stubs.close = async () => {
    await new Promise((r) => docs.server.close(() => r(null)));
    await new Promise((r) => messaging.server.close(() => r(null)));
  };
  return stubs;
}

/**
 * The listings app (helpers' createApp) whose documents and messaging calls go to fresh stubs: for a describe's
 * beforeAll; close() ends both.
 */
export async function createAppWithStubs(): Promise<{ ctx: Ctx; stubs: ActivityStubs; close(): Promise<void> }> {
  const stubs = await startActivityStubs();
  process.env.DOCUMENTS_URL = stubs.documentsUrl;
  process.env.MESSAGING_URL = stubs.messagingUrl;
  const ctx = await createApp();
  return {
    ctx,
    stubs,
    close: async () => {
      await ctx.close();
      await stubs.close();
    },
  };
}
