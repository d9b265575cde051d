import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DOCUMENT_MSG, listingEventsChannel, type IdentityClaims, type ListingPartiesResponse } from '@brokerage/contracts';
import { ListingsInternalClient, REDIS_CLIENT, loadConfig } from '@brokerage/nest-common';
import { DOCUMENTS_CONFIG, type DocumentsConfig } from '../config/documents-config.js';
import { PartiesCache } from './parties-cache.js';
import { SharedPartiesStore, sharedAnswersKey } from './shared-parties-store.js';

/** Every listing's live channel: what listings (steps, NDA, buyer approved / rejected, agent, seller) and documents publish. */
const LISTING_CHANNELS = listingEventsChannel('*');
const CHANNEL_PREFIX = listingEventsChannel('');

/**
 * What documents asks listings: parties and the caller's journey (the access rule of every request), selection, journey
 * events. The access answer is cached per listing × user for LISTING_ACCESS_CACHE_MS at most, and only while this
 * process is subscribed to the listings' live channels: any event of a listing (a step completed or reopened, an NDA
 * signed, a buyer approved or rejected, the agent or seller changed, a document event) drops that listing's answers at
 * once, so a narrowed access applies to the next request; a lost connection drops them all and stops caching until
 * subscribed again. Revocations are documents' own rows, read on every request (DocumentPermissionsService). The
 * answers are also shared with the other documents processes through Redis (SharedPartiesStore): every process drops a
 * listing's shared answers on its events, and moves the shared epoch when it (re)subscribes.
 */
@Injectable()
export class ListingsClient extends ListingsInternalClient implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ListingsClient.name);
  readonly cache: PartiesCache;
  private sub: Redis | null = null;
  private readonly shared: SharedPartiesStore | undefined;
  /** Told of each listing event (its listing), and with null when events may have been missed (every listing). */
  private readonly changeListeners = new Set<(listingId: string | null) => void>();

  constructor(
    @Inject(DOCUMENTS_CONFIG) config: DocumentsConfig,
    @Optional() @Inject(REDIS_CLIENT) private readonly redis?: Redis,
  ) {
    super('documents', DOCUMENT_MSG.listingNotFound);
    this.cache = new PartiesCache(config.LISTING_ACCESS_CACHE_MS);
    const key = loadConfig().SERVICE_JWT_PRIVATE_KEY; // documents' own (the base class refuses to start without it)
    this.shared = redis && key && config.LISTING_ACCESS_CACHE_MS > 0 ? new SharedPartiesStore(redis, config.LISTING_ACCESS_CACHE_MS, sharedAnswersKey(key)) : undefined;
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
        async () => {
          this.cache.clear();
          // events may have been missed while not subscribed: no shared answer stored before is used (if that cannot be
          // said, none is used at all until the next subscription)
          this.cache.shared = this.shared ? await this.shared.newEpoch().then(() => this.shared, () => undefined) : undefined;
          this.cache.live = true;
          this.changed(null);
        },
        (err: Error) => this.logger.warn(`listing events not subscribed (the access answer is not cached): ${err.message}`),
      );
    sub.on('error', () => { /* reconnects by itself */ });
    sub.on('close', () => {
      this.cache.live = false;
      this.cache.clear();
      this.changed(null);
    });
    // after a reconnect: subscribed again before caching again (what was published meanwhile is lost: nothing kept)
    sub.on('ready', () => void (this.cache.live ? undefined : subscribe()));
    sub.on('pmessage', (_pattern: string, channel: string) => {
      const listingId = channel.slice(CHANNEL_PREFIX.length);
      this.cache.invalidate(listingId);
      void this.shared?.invalidate(listingId).catch(() => undefined);
      this.changed(listingId);
    });
  }

  /** Whether listing events reach this process now (false: nothing derived from an earlier answer may be trusted). */
  get live(): boolean {
    return this.cache.live;
  }

  /** `listener(listingId)` on each listing event, `listener(null)` when events may have been missed; answers the unsubscribe. */
  onListingChange(listener: (listingId: string | null) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private changed(listingId: string | null): void {
    for (const l of this.changeListeners) l(listingId);
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
    this.changed(listingId);
    void this.shared?.invalidate(listingId).catch(() => undefined);
  }

  /** Every answer asked again, this process's and the shared ones (tests that change listings' answers without events). */
  async forgetAll(): Promise<void> {
    this.cache.clear();
    this.changed(null);
    await this.shared?.newEpoch();
  }

  onApplicationShutdown(): void {
    this.cache.live = false;
    this.cache.shared = undefined;
    this.sub?.disconnect();
    this.sub = null;
  }
}
