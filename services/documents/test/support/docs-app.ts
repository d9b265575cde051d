import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { bootstrapService, internalPort } from '@brokerage/nest-common';
import { identityHeader } from '@brokerage/nest-common/testing';
import type { IdentityClaims, PartyJourney } from '@brokerage/contracts';
import { AppModule } from '../../src/app.module.js';
import { S3StorageService } from '../../src/storage/s3-storage.service.js';
import { journeyAt, startListingsStub, type ListingsStub } from './listings-stub.js';

export const ID = {
  broker: '00000000-0000-4000-8000-000000000001',
  agent: '00000000-0000-4000-8000-000000000002',
  seller: '00000000-0000-4000-8000-000000000003',
  buyer: '00000000-0000-4000-8000-000000000004',
  otherAgent: '00000000-0000-4000-8000-000000000012',
  otherSeller: '00000000-0000-4000-8000-000000000013',
  otherBuyer: '00000000-0000-4000-8000-000000000014',
} as const;
export type Who = keyof typeof ID;
const ROLE: Record<Who, IdentityClaims['role']> = {
  broker: 'BROKER', agent: 'AGENT', seller: 'SELLER', buyer: 'BUYER', otherAgent: 'AGENT', otherSeller: 'SELLER', otherBuyer: 'BUYER',
};
const NAME: Record<Who, string> = {
  broker: 'Morgan Broker', agent: 'Avery Agent', seller: 'Sam Seller', buyer: 'Blake Buyer', otherAgent: 'Olive Agent', otherSeller: 'Otto Seller', otherBuyer: 'Oscar Buyer',
};
export const claims = (who: Who): IdentityClaims => ({ sub: ID[who], role: ROLE[who], name: NAME[who], email: `${who.toLowerCase()}@example.com` });
export const as = (who: Who) => identityHeader(claims(who));

/** The listing every test uses: seller, agent, buyer parties; otherBuyer interested too unless removed. */
export const LISTING = '00000000-0000-4000-8000-000000000101';
export const OTHER_LISTING = '00000000-0000-4000-8000-000000000102';
export const UNKNOWN = '00000000-0000-4000-8000-00000000dead';

export interface DocsCtx {
  app: INestApplication;
  http: ReturnType<typeof request>;
  ds: DataSource;
  storage: S3StorageService;
  stub: ListingsStub;
  port: number;
  /** The internal port (/internal/* is served there only: issue 21 §1). */
  internal: ReturnType<typeof request>;
  close(): Promise<void>;
}

/**
 * The documents API on a real port (raw-socket tests need one) with a listings stub. The access answer is not cached
 * (LISTING_ACCESS_CACHE_MS 0) unless `env` says so: the stub's tables change without listings' live events
 * (access-cache.spec.ts tests the cache with them).
 */
export async function startDocs(env: Record<string, string> = {}): Promise<DocsCtx> {
  env = { LISTING_ACCESS_CACHE_MS: '0', ...env };
  const stub = await startListingsStub();
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  const app = await bootstrapService({ name: 'documents', module: AppModule, defaultPort: 3003, port: 0 });
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    http: request(app.getHttpServer()),
    internal: request(`http://127.0.0.1:${internalPort(app)}`),
    ds: app.get(DataSource),
    storage: app.get(S3StorageService),
    stub,
    port: address.port,
    close: async () => {
      await app.close();
      await stub.close();
      for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
    },
  };
}

/**
 * Fresh tables and parties: LISTING (seller, agent, buyer + otherBuyer), OTHER_LISTING (otherSeller, otherAgent). The
 * clients are at the last step (every step reached, the buyers past their NDA): the journey's rule lets them do
 * anything; a test of the rule sets a journey with `journey()`.
 */
export async function reset(ctx: DocsCtx): Promise<void> {
  await ctx.ds.query('TRUNCATE documents.documents, documents.downloads, documents.outbox');
  await ctx.ds.query('TRUNCATE documents.revocations'); // issue 23 §2
  for (const key of await ctx.storage.list('listings/')) await ctx.storage.remove(key);
  ctx.stub.parties.clear();
  ctx.stub.selected.clear();
  ctx.stub.events.length = 0;
  ctx.stub.down = false;
  ctx.stub.parties.set(LISTING, { listingId: LISTING, sellerId: ID.seller, agentId: ID.agent, buyerIds: [ID.buyer, ID.otherBuyer] });
  ctx.stub.parties.set(OTHER_LISTING, { listingId: OTHER_LISTING, sellerId: ID.otherSeller, agentId: ID.otherAgent, buyerIds: [] });
  ctx.stub.journeys.clear();
  for (const who of ['seller', 'buyer', 'otherBuyer'] as const) journey(ctx, who, journeyAt(10));
  journey(ctx, 'otherSeller', journeyAt(10), OTHER_LISTING);
}

/** Sets (or, with null, removes) a client's journey on a listing as listings would answer it. */
export function journey(ctx: DocsCtx, who: Who, j: PartyJourney | null, listingId: string = LISTING): void {
  if (j) ctx.stub.journeys.set(`${listingId}:${ID[who]}`, j);
  else ctx.stub.journeys.delete(`${listingId}:${ID[who]}`);
}
export { journeyAt };

/** Objects left in the bucket under the listings' prefix. */
export const objects = (ctx: DocsCtx) => ctx.storage.list('listings/');
export const rowCount = async (ctx: DocsCtx) => Number((await ctx.ds.query('SELECT count(*)::int AS n FROM documents.documents'))[0].n);
