import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import {
  USER_EVENT_LUA,
  USER_EVENTS_MAXLEN,
  checklistChangedEventSchema,
  listingEventsChannel,
  userEventsKey,
} from '@brokerage/contracts';
import { listingEventNoticeSchema, listingEventRecipients, type ListingEventAudience } from '@brokerage/contracts/live-events';
import { REDIS_CLIENT } from '@brokerage/nest-common';
import { ListingsClient } from '../listings-access/listings.client.js';
import { BrokersClient } from './brokers.client.js';

/** Every listing's live channel (`events:listing:{id}`). */
export const LISTING_EVENTS_PATTERN = listingEventsChannel('*');
/** Marks a listing event as relayed, so that N checklists replicas (each subscribed) relay it once. */
export const relayedKey = (raw: string) => `events:relayed:${createHash('sha256').update(raw).digest('hex')}`;
const RELAYED_TTL_MS = 10 * 60_000;

const USER_EVENT = 'userEvent';

/** A listing event to relay: what the users get (ids only) and to whom among the clients. */
export interface RelayedEvent {
  listingId: string;
  type: string;
  /** The JSON the users get (the notice without `to`). */
  data: string;
  to: ListingEventAudience;
}

/** A message of a listing's channel as the relay reads it: a `checklist.changed` (every party) or a listing event with `to`. */
export function parseListingMessage(raw: string): RelayedEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const tick = checklistChangedEventSchema.safeParse(json);
  if (tick.success) return { listingId: tick.data.listingId, type: tick.data.type, data: JSON.stringify(tick.data), to: { clients: 'all' } };
  const notice = listingEventNoticeSchema.safeParse(json);
  if (!notice.success) return null;
  const { to, ...event } = notice.data;
  return { listingId: event.listingId, type: event.type, data: JSON.stringify(event), to };
}

/**
 * Relays the listing events (contracts live-events: `checklist.changed` and every LISTING_EVENT_TYPES notice, issue 19
 * §2) from a listing's channel to the user streams of its recipients only (`listingEventRecipients`: the active
 * brokers, its agent, and the clients `to` names among those the journey's rule lets see the listing — the seller, a
 * non-rejected buyer past their NDA — as listings and identity answer at that moment). The gateway's `GET /api/events`
 * streams a user's own stream and nothing else, so a user never sees another listing's events, and a reconnect replays
 * what was missed. Fire-and-forget like the channel itself: a notice that cannot be sent is logged; the screens reload
 * over HTTP anyway.
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
    // EVALSHA with every recipient's stream as a key: one command an event, the script loaded once
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
    const event = parseListingMessage(raw);
    if (!event) return;
    const key = event.listingId;
    const next = (this.queues.get(key) ?? Promise.resolve())
      .then(async () => {
        await this.relay(raw, event);
      })
      .catch((err: Error) => this.logger.warn(`${event.type} of ${key} not relayed: ${err.message}`))
      .finally(() => {
        if (this.queues.get(key) === next) this.queues.delete(key);
      });
    this.queues.set(key, next);
  }

  /**
   * The users the event goes to, or [] when another replica relays it. One listings call (its parties answer lists
   * the buyers past their NDA) and the brokers (cached).
   */
  async relay(raw: string, event: RelayedEvent): Promise<string[]> {
    const first = await this.redis.set(relayedKey(raw), '1', 'PX', RELAYED_TTL_MS, 'NX');
    if (first !== 'OK') return [];
    const [parties, brokerIds] = await Promise.all([this.listings.parties(event.listingId), this.brokers.brokerIds()]);
    const users = listingEventRecipients(event.to, { ...parties, ndaBuyerIds: parties.ndaBuyerIds ?? [] }, brokerIds);
    if (users.length === 0) return users;
    const send = (this.redis as unknown as Record<typeof USER_EVENT, (...args: Array<string | number>) => Promise<unknown>>)[USER_EVENT];
    try {
      await send.call(this.redis, users.length, ...users.map(userEventsKey), event.data, USER_EVENTS_MAXLEN);
    } catch (err) {
      this.logger.warn(`${event.type} of ${event.listingId}: notices to ${users.length} users not sent: ${(err as Error).message}`);
    }
    return users;
  }
}
