import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { liveEventSchema, userEventsKey, type LiveEvent } from '@brokerage/contracts';
import { waitFor } from '@brokerage/nest-common/testing';
import { as, id } from './fixtures.js';
import { resetDb } from './helpers.js';
import { startWorld, type World } from './setup-messaging.js';
import { LiveEventsPublisher } from '../src/live/live-events.publisher.js';

/** Live notifications (issue 9 §2): each change is in the user's Redis stream and published on its channel. */
describe('live events of messages', () => {
  let w: World;
  let sub: Redis;
  let redis: Redis;
  const received: Array<{ channel: string; id: string; event: LiveEvent }> = [];

  beforeAll(async () => {
    w = await startWorld();
    redis = new Redis(process.env.REDIS_URL!);
    sub = new Redis(process.env.REDIS_URL!);
    await sub.subscribe(userEventsKey(id('agent')), userEventsKey(id('buyer')));
    sub.on('message', (channel: string, raw: string) => {
      const sp = raw.indexOf(' ');
      received.push({ channel, id: raw.slice(0, sp), event: liveEventSchema.parse(JSON.parse(raw.slice(sp + 1))) });
    });
  });
  afterAll(async () => {
    sub.disconnect();
    redis.disconnect();
    await w.close();
  });
  beforeEach(async () => {
    await resetDb(w.ctx);
    await redis.del(userEventsKey(id('agent')), userEventsKey(id('buyer')));
    received.length = 0;
  });

  it('a send notifies the receiver (no content); opening it notifies the sender once; both are in the streams for replay', async () => {
    const res = await w.ctx.http.post('/messages/send').set(as('buyer')).field('receiverId', id('agent')).field('subject', 'Secret').field('content', 'Confidential text');
    expect(res.status).toBe(201);
    const messageId = res.body.data.id as string;
    const arrived = await waitFor(async () => received.find((r) => r.channel === userEventsKey(id('agent'))));
    expect(arrived.event).toMatchObject({ type: 'message.new', messageId, senderName: 'Blake Buyer' });
    expect(JSON.stringify(arrived.event)).not.toContain('Confidential');
    const stream = await redis.xrange(userEventsKey(id('agent')), '-', '+');
    expect(stream.map(([sid]) => sid)).toEqual([arrived.id]);

    expect((await w.ctx.http.put(`/messages/${messageId}/read`).set(as('agent'))).status).toBe(200);
    const read = await waitFor(async () => received.find((r) => r.channel === userEventsKey(id('buyer'))));
    expect(read.event).toMatchObject({ type: 'message.read', messageId });
    expect((await w.ctx.http.put(`/messages/${messageId}/read`).set(as('agent'))).status).toBe(200);
    // A marker through the service's own publisher (one Redis connection, commands in order): whatever the second read
    // had published would be heard before it, so no guessed wait is needed.
    const marker = randomUUID();
    await w.ctx.app.get(LiveEventsPublisher).publish(id('buyer'), { type: 'message.read', messageId: marker, at: new Date().toISOString() });
    await waitFor(async () => received.find((r) => r.event.type === 'message.read' && r.event.messageId === marker));
    expect(received.filter((r) => r.event.type === 'message.read' && r.event.messageId === messageId)).toHaveLength(1);
    expect(await redis.xlen(userEventsKey(id('buyer')))).toBe(2); // the read notice and the marker
  });
});
