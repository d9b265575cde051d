import { createTestApp, DEMO_IDENTITIES, identityHeader, serviceIdentity, type TestApp } from '@brokerage/nest-common/testing';
import { AppModule } from '../src/app.module.js';

export type Ctx = TestApp;
export const createApp = (): Promise<Ctx> => createTestApp(AppModule, 'listings');

export async function resetDb(ctx: Ctx): Promise<void> {
  await ctx.ds.query('TRUNCATE listings.buyer_ndas, listings.listing_buyers, listings.listings CASCADE');
}

export const USERS = { ...DEMO_IDENTITIES, identityService: serviceIdentity('identity') };
export const as = (who: keyof typeof USERS) => identityHeader(USERS[who]);

export async function insertListing(ctx: Ctx, l: { id?: string; title: string; price: number; status?: string }): Promise<string> {
  const rows: { id: string }[] = await ctx.ds.query(
    `INSERT INTO listings.listings (id, title, price, status, seller_id) VALUES (COALESCE($1::uuid, gen_random_uuid()), $2, $3, $4, $5) RETURNING id`,
    [l.id ?? null, l.title, l.price, l.status ?? 'ACTIVE', USERS.seller.sub],
  );
  return rows[0].id;
}
