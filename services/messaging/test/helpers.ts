import { createTestApp, DEMO_IDENTITIES, identityHeader, serviceIdentity, type TestApp } from '@brokerage/nest-common/testing';
import { AppModule } from '../src/app.module.js';

export type Ctx = TestApp;
export const createApp = (): Promise<Ctx> => createTestApp(AppModule, 'messaging');

export async function resetDb(ctx: Ctx): Promise<void> {
  await ctx.ds.query(
    `TRUNCATE messaging.contact_messages, messaging.callback_requests, messaging.messages, messaging.message_attachments,
      messaging.website_item_states, messaging.outbox, messaging.journey_events_sent`,
  );
}

export const USERS = { ...DEMO_IDENTITIES, service: serviceIdentity('identity') };
export type Who = keyof typeof USERS;
export const as = (who: Who) => identityHeader(USERS[who]);
