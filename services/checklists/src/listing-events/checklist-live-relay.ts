import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  USER_EVENT_LUA,
  USER_EVENTS_MAXLEN,
  checklistChangedEventSchema,
  listingEventsChannel,
  ndaCompleted,
  userEventsKey,
  type ChecklistChangedEvent,
} from '@brokerage/contracts';
import { REDIS_CLIENT } from '@brokerage/nest-common';
import { ListingsClient } from '../listings-access/listings.client.js';
import { BrokersClient } from './brokers.client.js';

/** Every listing's live channel (`events:listing:{id}`). */
export const LISTING_EVENTS_PATTERN = listingEventsChannel('*');
/** Marks a listing event as relayed, so that N checklists replicas (each subscribed) relay it once. */
export const relayedKey = (raw: string) => `events:relayed:${createHash('sha256').update(raw).digest('hex')}`;
const RELAYED_TTL_MS = 10 * 60_000;

const USER_EVENT = 'userEvent';

/**
 * Relays `checklist.changed` from a listing's channel to the user streams of that listing's parties only (its seller,
 * its agent, its non-rejected buyers past their NDA, and the active brokers), as listings and identity answer at that
 * moment (the journey's rule, contracts decideListingAccess: a buyer before the NDA learns nothing of the listing). The
 * gateway's `GET /api/events` streams a user's own stream and nothing else, so a user never sees another listing's
 * ticks, and a reconnect replays what was missed. Fire-and-forget like the channel itself: a notice that cannot be
 * sent is logged; the widget reloads over HTTP anyway.
 */
@Injectable()
export class ChecklistLiveRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ChecklistLiveRelay.name);
  private sub: Redis | null = null;
  private subscribed: Promise<unknown> = Promise.resolve();
  /** Per listing, the notices still being sent: a listing's notices go out in the order they were published. */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly listings: ListingsClient,
    private readonly brokers: BrokersClient,
  ) {
    // EVALSHA with every party's stream as a key: one command a tick, the script loaded once
    if (!(USER_EVENT in redis)) redis.defineCommand(USER_EVENT, { lua: USER_EVENT_LUA });
  }

  onApplicationBootstrap(): void {
    const sub = this.redis.duplicate({ lazyConnect: false, maxRetriesPerRequest: null, enableOfflineQueue: true });
    this.sub = sub;
    sub.on('error', () => { /* reconnects by itself and subscribes again */ });
    sub.on('pmessage', (_pattern: string, _channel: string, raw: string) => this.enqueue(raw));
    this.subscribed = sub.psubscribe(LISTING_EVENTS_PATTERN).catch((err: Error) => this.logger.warn(`cannot subscribe to listing events: ${err.message}`));
  }

  /** Resolves once the subscription is in place (tests wait for it). */
  whenSubscribed(): Promise<unknown> {
    return this.subscribed;
  }

  /** Resolves once every notice received so far has been handled. */
  async idle(): Promise<void> {
    while (this.queues.size) await Promise.all([...this.queues.values()]);
  }

  async onApplicationShutdown(): Promise<void> {
    this.sub?.disconnect();
    this.sub = null;
    await this.idle();
  }

  private enqueue(raw: string): void {
    let event: ChecklistChangedEvent;
    try {
      const parsed = checklistChangedEventSchema.safeParse(JSON.parse(raw));
      if (!parsed.success) return;
      event = parsed.data;
    } catch {
      return;
    }
    const key = event.listingId;
    const next = (this.queues.get(key) ?? Promise.resolve())
      .then(async () => {
        await this.relay(raw, event);
      })
      .catch((err: Error) => this.logger.warn(`checklist.changed of ${key} not relayed: ${err.message}`))
      .finally(() => {
        if (this.queues.get(key) === next) this.queues.delete(key);
      });
    this.queues.set(key, next);
  }

  /** The users the event goes to, or [] when another replica relays it. */
  async relay(raw: string, event: ChecklistChangedEvent): Promise<string[]> {
    const first = await this.redis.set(relayedKey(raw), '1', 'PX', RELAYED_TTL_MS, 'NX');
    if (first !== 'OK') return [];
    const [parties, brokerIds] = await Promise.all([this.listings.parties(event.listingId), this.brokers.brokerIds()]);
    const buyers = await this.buyersPastNda(event.listingId, parties.buyerIds);
    const users = [...new Set([parties.sellerId, parties.agentId, ...buyers, ...brokerIds].filter((id): id is string => !!id))];
    if (users.length === 0) return users;
    const data = JSON.stringify(event);
    const send = (this.redis as unknown as Record<typeof USER_EVENT, (...args: Array<string | number>) => Promise<unknown>>)[USER_EVENT];
    try {
      await send.call(this.redis, users.length, ...users.map(userEventsKey), data, USER_EVENTS_MAXLEN);
    } catch (err) {
      this.logger.warn(`checklist.changed of ${event.listingId}: notices to ${users.length} users not sent: ${(err as Error).message}`);
    }
    return users;
  }

  /**
   * The buyers whose NDA for the listing is completed, each asked from listings (`…/parties?userId=`: their journey,
   * and whether they are still a party). A buyer whose answer does not come is left out (logged): no notice rather
   * than one to a buyer who may not see the listing.
   */
  private async buyersPastNda(listingId: string, buyerIds: string[]): Promise<string[]> {
    const answers = await Promise.all(
      buyerIds.map(async (sub) => {
        try {
          const own = await this.listings.parties(listingId, { sub });
          return own.buyerIds.includes(sub) && ndaCompleted(own.journey) ? sub : null;
        } catch (err) {
          this.logger.warn(`checklist.changed of ${listingId}: buyer ${sub} left out (journey not known: ${(err as Error).message})`);
          return null;
        }
      }),
    );
    return answers.filter((id): id is string => id !== null);
  }
}
