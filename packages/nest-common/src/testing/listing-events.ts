import { Redis } from 'ioredis';
import { listingEventsChannel } from '@brokerage/contracts/checklists';
import { listingEventNoticeSchema, type ListingEventNotice } from '@brokerage/contracts/live-events';
import { waitFor } from './test-app.js';

/** What a test hears on every listing's live channel (`events:listing:*`), each notice parsed with the contract. */
export interface ListingEventsEar {
  heard: Array<{ channel: string; notice: ListingEventNotice }>;
  /** The notices of `type` on the listing's channel, once at least `n` arrived. */
  of(listingId: string, type: string, n?: number): Promise<ListingEventNotice[]>;
  /**
   * Resolves once everything published before this call has been heard: a marker published now arrives after it
   * (Redis delivers in the order it ran the PUBLISHes). For "nothing was published" without a guessed wait.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function hearListingEvents(): Promise<ListingEventsEar> {
  const sub = new Redis(process.env.REDIS_URL!);
  const pub = new Redis(process.env.REDIS_URL!);
  const marker = listingEventsChannel(`test-marker-${process.pid}`);
  let markers = 0;
  const heard: ListingEventsEar['heard'] = [];
  sub.on('pmessage', (_p: string, channel: string, raw: string) => {
    if (channel === marker) markers = Math.max(markers, Number(raw));
    else heard.push({ channel, notice: listingEventNoticeSchema.parse(JSON.parse(raw)) });
  });
  await sub.psubscribe(listingEventsChannel('*'));
  let sent = 0;
  return {
    heard,
    async of(listingId, type, n = 1) {
      const list = () => heard.filter((h) => h.channel === listingEventsChannel(listingId) && h.notice.type === type).map((h) => h.notice);
      await waitFor(async () => list().length >= n);
      return list();
    },
    async settled() {
      const mine = ++sent;
      await pub.publish(marker, String(mine));
      await waitFor(async () => markers >= mine);
    },
    close: async () => {
      await Promise.all([sub.quit(), pub.quit()]);
    },
  };
}
