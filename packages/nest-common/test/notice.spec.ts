import { randomUUID } from 'node:crypto';
import type { NoticeCommand } from '@brokerage/contracts';
import type { InternalHttpClient } from '../src/internal/internal-http-client.js';
import { OutboxRefusal } from '../src/outbox/outbox-relay.js';
import { audienceEventId, oneLine, sendNotice, staffNotices } from '../src/outbox/notice.js';

/** The `notice` outbox kind's helpers (docs/CONVENTIONS.md "Outbox"): what every producer's deliver() sends. */
describe('notice outbox helpers', () => {
  const command = (o: Partial<NoticeCommand> = {}): NoticeCommand => ({
    eventId: randomUUID(), kind: 'message', recipients: { userIds: [randomUUID()] }, headline: 'Sam Seller sent you a new message', link: '/buyer/messages', ...o,
  });
  const identity = (accepted: number) => {
    const posts: Array<{ path: string; body: unknown }> = [];
    const client = { post: async (path: string, body: unknown) => (posts.push({ path, body }), { accepted }) } as unknown as InternalHttpClient;
    return { client, posts };
  };

  it('sends the command to POST /internal/notices; a repeat (accepted 0) is delivered with a note', async () => {
    const id = identity(1);
    const c = command();
    await expect(sendNotice(id.client, c)).resolves.toBeUndefined();
    expect(id.posts).toEqual([{ path: '/internal/notices', body: c }]);
    await expect(sendNotice(identity(0).client, c)).resolves.toMatch(/no recipient/);
  });

  it('a command the contract refuses (a link off the portal, two lines) is an OutboxRefusal, identity not asked', async () => {
    for (const bad of [command({ link: 'https://evil.example/x' }), command({ headline: 'a\nb' }), command({ recipients: {} })]) {
      const id = identity(1);
      await expect(sendNotice(id.client, bad)).rejects.toBeInstanceOf(OutboxRefusal);
      expect(id.posts).toEqual([]);
    }
  });

  it('staffNotices: every broker under /broker, the listing\'s agent under /agent with its own stable eventId; none without an agent', () => {
    const eventId = randomUUID();
    const agent = randomUUID();
    const base = { eventId, kind: 'nda-signed' as const, headline: 'Blake Buyer signed the NDA for Roastery' };
    expect(staffNotices(base, agent, '/listings/L/activity')).toEqual([
      { ...base, recipients: { brokers: true }, link: '/broker/listings/L/activity' },
      { ...base, eventId: audienceEventId(eventId, 'agent'), recipients: { userIds: [agent] }, link: '/agent/listings/L/activity' },
    ]);
    expect(audienceEventId(eventId, 'agent')).toBe(audienceEventId(eventId, 'agent'));
    expect(audienceEventId(eventId, 'agent')).not.toBe(eventId);
    expect(staffNotices(base, null, '/x')).toHaveLength(1);
  });

  it('oneLine: whitespace folded, cut with an ellipsis at 200', () => {
    expect(oneLine(' a \n b ')).toBe('a b');
    expect(oneLine('x'.repeat(250))).toHaveLength(200);
  });
});
