import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DOCUMENT_MSG, listingEventsChannel, type IdentityClaims, type ListingPartiesResponse } from '@brokerage/contracts';
import { ListingsInternalClient, REDIS_CLIENT } from '@brokerage/nest-common';
import { DOCUMENTS_CONFIG, type DocumentsConfig } from '../config/documents-config.js';
import { PartiesCache } from './parties-cache.js';

/** Every listing's live channel: what listings (steps, NDA, buyer approved / rejected, agent, seller) and documents publish. */
const LISTING_CHANNELS = listingEventsChannel('*');
const CHANNEL_PREFIX = listingEventsChannel('');

/**
 * What documents asks listings: parties and the caller's journey (the access rule of every request), selection, journey
 * events. The access answer is cached per listing × user for LISTING_ACCESS_CACHE_MS at most, and only while this
 * process is subscribed to the listings' live channels: any event of a listing (a step completed or reopened, an NDA
 * signed, a buyer approved or rejected, the agent or seller changed, a document event) drops that listing's answers at
 * once, so a narrowed access applies to the next request; a lost connection drops them all and stops caching until
 * subscribed again. Revocations are documents' own rows, read on every request (DocumentPermissionsService).
 */
@Injectable()
export class ListingsClient extends ListingsInternalClient implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ListingsClient.name);
  readonly cache: PartiesCache;
  private sub: Redis | null = null;

  constructor(
    @Inject(DOCUMENTS_CONFIG) config: DocumentsConfig,
    @Optional() @Inject(REDIS_CLIENT) private readonly redis?: Redis,
  ) {
    super('documents', DOCUMENT_MSG.listingNotFound);
    this.cache = new PartiesCache(config.LISTING_ACCESS_CACHE_MS);
  }

  override parties(listingId: string, forUser?: Pick<IdentityClaims, 'sub'>): Promise<ListingPartiesResponse> {
    return this.cache.get(listingId, forUser?.sub ?? '', () => super.parties(listingId, forUser));
  }

  onApplicationBootstrap(): void {
    if (!this.redis || this.cache.live) return;
    const sub = this.redis.duplicate({ lazyConnect: false, maxRetriesPerRequest: null, enableOfflineQueue: true });
    this.sub = sub;
    const subscribe = () =>
      sub.psubscribe(LISTING_CHANNELS).then(
        () => {
          this.cache.clear();
          this.cache.live = true;
        },
        (err: Error) => this.logger.warn(`listing events not subscribed (the access answer is not cached): ${err.message}`),
      );
    sub.on('error', () => { /* reconnects by itself */ });
    sub.on('close', () => {
      this.cache.live = false;
      this.cache.clear();
    });
    // after a reconnect: subscribed again before caching again (what was published meanwhile is lost: nothing kept)
    sub.on('ready', () => void (this.cache.live ? undefined : subscribe()));
    sub.on('pmessage', (_pattern: string, channel: string) => this.cache.invalidate(channel.slice(CHANNEL_PREFIX.length)));
  }

  /** Resolves once the access answer is cached (subscribed), or after `ms` (tests). */
  async whenLive(ms = 5000): Promise<boolean> {
    const until = Date.now() + ms;
    while (!this.cache.live && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    return this.cache.live;
  }

  /** A listing's answers asked again (its deletion). */
  forget(listingId: string): void {
    this.cache.invalidate(listingId);
  }

  onApplicationShutdown(): void {
    this.cache.live = false;
    this.sub?.disconnect();
    this.sub = null;
  }
}
