import { DEMO_IDS, type IdentityClaims } from '@brokerage/contracts';
import { createTestApp, DEMO_IDENTITIES, identityHeader, serviceIdentity, type TestApp } from '@brokerage/nest-common/testing';
import { AppModule } from '../src/app.module.js';
import { startIdentityStub, type IdentityStub } from './support/identity-stub.js';

export type Ctx = TestApp & { identity: IdentityStub; close(): Promise<void> };

/** The app on the real database, its identity calls answered by the roster stub. */
export async function createApp(): Promise<Ctx> {
  const identity = await startIdentityStub();
  process.env.IDENTITY_URL = identity.url;
  const t = await createTestApp(AppModule, 'listings');
  return Object.assign(t, {
    identity,
    async close() {
      await t.app.close();
      await identity.close();
    },
  });
}

/** The form PDF requests: listings.outbox rows of kind form-pdf, with the columns the tests read (FROM ${FORM_PDFS}). */
export const FORM_PDFS = `(SELECT id, payload->'document'->>'ownerId' AS user_id, payload->'document'->>'listingId' AS listing_id,
  payload->'document'->>'type' AS kind, payload, created_at, delivered_at, dead_at, attempts, last_error, next_attempt_at
  FROM listings.outbox WHERE kind = 'form-pdf') AS form_pdfs`;

export async function resetDb(ctx: TestApp): Promise<void> {
  await ctx.ds.query(
    `TRUNCATE listings.buyer_ndas, listings.listing_buyers, listings.journeys, listings.selections, listings.journey_events,
       listings.outbox, listings.listings CASCADE`,
  );
}

const claims = (sub: string, role: IdentityClaims['role'], name: string): IdentityClaims => ({ sub, role, name });

/** Demo users plus a second of each client role (another seller without a manager, another agent, another buyer). */
export const USERS = {
  ...DEMO_IDENTITIES,
  identityService: serviceIdentity('identity'),
  documents: serviceIdentity('documents'),
  otherSeller: claims(DEMO_IDS.sellers[5]!, 'SELLER', 'Robert Kim'),
  managedSeller: claims(DEMO_IDS.sellers[1]!, 'SELLER', 'Tomás Alvarez'),
  otherAgent: claims(DEMO_IDS.agents[0]!, 'AGENT', 'Priya Natarajan'),
  otherBuyer: claims(DEMO_IDS.buyers[0]!, 'BUYER', 'Jordan Ellis'),
  thirdBuyer: claims(DEMO_IDS.buyers[1]!, 'BUYER', 'Sofia Marin'),
};
export type Who = keyof typeof USERS;
export const as = (who: Who) => identityHeader(USERS[who]);

export interface InsertListing {
  id?: string;
  title: string;
  price: number | string;
  status?: string;
  sellerId?: string | null;
  agentId?: string | null;
  buyers?: Array<{ id: string; status?: 'interested' | 'approved' | 'rejected' }>;
  createdAt?: string;
  closedAt?: string | null;
}

/** A listing row straight into the database (default: the demo seller's, assigned to the demo agent). */
export async function insertListing(ctx: TestApp, l: InsertListing): Promise<string> {
  const rows: { id: string }[] = await ctx.ds.query(
    `INSERT INTO listings.listings (id, title, description, price, status, seller_id, agent_id, created_at, closed_at)
     VALUES (COALESCE($1::uuid, gen_random_uuid()), $2::text, 'About ' || $2::text, $3, $4, $5, $6, COALESCE($7::timestamptz, now()), $8) RETURNING id`,
    [
      l.id ?? null, l.title, l.price, l.status ?? 'ACTIVE',
      l.sellerId === undefined ? USERS.seller.sub : l.sellerId,
      l.agentId === undefined ? USERS.agent.sub : l.agentId,
      l.createdAt ?? null, l.closedAt ?? null,
    ],
  );
  for (const b of l.buyers ?? []) {
    await ctx.ds.query(`INSERT INTO listings.listing_buyers (listing_id, buyer_id, status) VALUES ($1, $2, $3)`, [
      rows[0]!.id, b.id, b.status ?? 'interested',
    ]);
  }
  return rows[0]!.id;
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-00000000dead';

/**
 * A client's journey straight into the database with these steps completed (by the client, now) and the cursor at the
 * first step not completed: e.g. `[0, 1, 2]` is a buyer past their NDA (BUYER_NDA_STEP).
 */
export async function journeyWith(ctx: TestApp, userId: string, listingId: string, kind: 'SELLER' | 'BUYER', steps: number[]): Promise<void> {
  let current = 0;
  while (current < 10 && steps.includes(current)) current++;
  await ctx.ds.query(
    `INSERT INTO listings.journeys (user_id, listing_id, kind, current_step, completed_at, completed_by)
     SELECT $1::uuid, $2::uuid, $3, $4,
            ARRAY(SELECT CASE WHEN i - 1 = ANY($5::int[]) THEN now() END FROM generate_series(1, 11) i)::timestamptz[],
            ARRAY(SELECT CASE WHEN i - 1 = ANY($5::int[]) THEN $1::text END FROM generate_series(1, 11) i)::text[]
     ON CONFLICT (user_id, listing_id) DO UPDATE SET current_step = EXCLUDED.current_step, completed_at = EXCLUDED.completed_at,
       completed_by = EXCLUDED.completed_by`,
    [userId, listingId, kind, current, steps],
  );
}
