import { Redis } from 'ioredis';
import { listingEventsChannel } from '@brokerage/contracts/checklists';
import { listingEventNoticeSchema, type ListingEventNotice } from '@brokerage/contracts/live-events';
import { waitFor } from './test-app.js';

/** What a test hears on every listing's live channel (`events:listing:*`), each notice parsed with the contract. */
export interface ListingEventsEar {
  heard: Array<{ channel: string; notice: ListingEventNotice }>;
  /** The notices of `type` on the listing's channel, once at least `n` arrived. */
  of(listingId: string, type: string, n?: number): Promise<ListingEventNotice[]>;
  close(): Promise<void>;
}

export async function hearListingEvents(): Promise<ListingEventsEar> {
  const sub = new Redis(process.env.REDIS_URL!);
  const heard: ListingEventsEar['heard'] = [];
  sub.on('pmessage', (_p: string, channel: string, raw: string) => heard.push({ channel, notice: listingEventNoticeSchema.parse(JSON.parse(raw)) }));
  await sub.psubscribe(listingEventsChannel('*'));
  return {
    heard,
    async of(listingId, type, n = 1) {
      const list = () => heard.filter((h) => h.channel === listingEventsChannel(listingId) && h.notice.type === type).map((h) => h.notice);
      await waitFor(async () => list().length >= n);
      return list();
    },
    close: async () => {
      await sub.quit();
    },
  };
}
