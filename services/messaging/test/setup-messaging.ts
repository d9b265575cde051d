import { createTestApp } from '@brokerage/nest-common/testing';
import { AppModule } from '../src/app.module.js';
import { resetDb, type Ctx } from './helpers.js';
import { contactTable, directoryUsers } from './fixtures.js';
import { startIdentityStub, startListingsStub, type ListingsState, type Stub } from './stubs.js';

export interface World {
  ctx: Ctx;
  identity: Stub;
  listings: Stub;
  state: ListingsState;
  close(): Promise<void>;
}

/** The messaging app on the real database/S3, with identity and listings as contract-validating stub servers. */
export async function startWorld(): Promise<World> {
  const state: ListingsState = { selected: new Map(), agents: new Map(), events: [] };
  const identity = await startIdentityStub({ users: directoryUsers(), contacts: contactTable() });
  const listings = await startListingsStub(state);
  process.env.IDENTITY_URL = identity.url;
  process.env.LISTINGS_URL = listings.url;
  const ctx = await createTestApp(AppModule, 'messaging');
  await resetDb(ctx);
  return {
    ctx, identity, listings, state,
    async close() {
      await ctx.app.close();
      await identity.close();
      await listings.close();
    },
  };
}
