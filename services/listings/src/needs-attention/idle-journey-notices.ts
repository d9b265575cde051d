import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { NOTICE_ACTOR, NOTICE_HEADLINES, isIdleJourney } from '@brokerage/contracts';
import { EventProcessor, SERVICE_CONFIG, oneLine, rows, staffNotices, type ServiceConfig } from '@brokerage/nest-common';
import { ListingNotices, noticeEventId } from '../outbox/listing-notices.js';
import type { ListingNotice } from '../outbox/outbox-relay.service.js';
import { OutboxRelayService } from '../outbox/outbox-relay.service.js';
import { NeedsAttentionRepository } from './needs-attention.repository.js';
import { NeedsAttentionSources } from './needs-attention.sources.js';

/** listings' own BullMQ queue of the periodic idle-journey check (a job scheduler: one run per period for all replicas). */
export const IDLE_JOURNEY_QUEUE = 'listings.idle-journeys';
const IDLE_CHECK = 'idle-journeys.check';
const openListingRow = z.object({ id: z.string(), title: z.string(), agentId: z.string().nullable() }).describe('idleListingRow');

/**
 * The idle-journey notices (issue 24 §2, to staff): the journeys "Needs attention" calls idle (contracts
 * isIdleJourney, the same candidates and messaging's last messages) on ACTIVE and UNDER_CONTRACT listings. One notice
 * per listing × client × idle period: the eventId is derived from the listing, the client and the last activity the
 * period started from, so every later check of the same period writes nothing (the outbox's key), and a client who
 * acts and goes quiet again starts a new period.
 */
@Injectable()
export class IdleJourneyNotices {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repo: NeedsAttentionRepository,
    private readonly sources: NeedsAttentionSources,
    private readonly notices: ListingNotices,
    private readonly relay: OutboxRelayService,
  ) {}

  /** One check: answers the notices written (0 when messaging cannot say who wrote lately: no guessed idleness). */
  async check(now: Date = new Date()): Promise<number> {
    const listings = rows(openListingRow, await this.ds.query(
      `SELECT id, title, agent_id AS "agentId" FROM listings.listings WHERE status IN ('ACTIVE', 'UNDER_CONTRACT')`,
    ));
    if (listings.length === 0) return 0;
    const quiet = await this.repo.quietJourneys(listings.map((l) => l.id));
    if (quiet.length === 0) return 0;
    const lastSent = await this.sources.lastSent(quiet.map((j) => j.userId));
    const byId = new Map(listings.map((l) => [l.id, l]));
    const notices: ListingNotice[] = quiet.flatMap((j) => {
      const l = byId.get(j.listingId);
      const lastMessageAt = lastSent.get(j.userId);
      if (!l || !isIdleJourney({ lastChangeAt: j.lastChangeAt, lastStepAt: j.lastStepAt, lastMessageAt }, now)) return [];
      const since = Math.max(...[j.lastChangeAt, j.lastStepAt, lastMessageAt].filter((x) => x != null).map((x) => new Date(x!).getTime()));
      return staffNotices({
        eventId: noticeEventId('idle-journey', j.listingId, j.userId, new Date(since).toISOString()),
        kind: 'idle-journey' as const,
        listingId: j.listingId,
        listingTitle: oneLine(l.title),
        actorId: j.userId, // the client, named at delivery
        headline: oneLine(NOTICE_HEADLINES.idleJourney(NOTICE_ACTOR, l.title)),
      }, l.agentId, `/${j.kind === 'SELLER' ? 'sellers' : 'buyers'}/${j.userId}/${j.listingId}`);
    });
    if (notices.length === 0) return 0;
    const written = await this.ds.transaction(async (m) => {
      const ids = notices.map((n) => n.eventId);
      const known = new Set((await m.query(`SELECT id FROM listings.outbox WHERE id = ANY($1::uuid[])`, [ids]) as Array<{ id: string }>).map((r) => r.id));
      await this.notices.add(m, notices);
      return ids.filter((id) => !known.has(id)).length;
    });
    if (written > 0) this.relay.kick();
    return written;
  }
}

/** The BullMQ side: schedules the check (every IDLE_JOURNEY_CHECK_MS, default hourly, 0: never; first run at once) and runs it. */
@Processor(IDLE_JOURNEY_QUEUE)
export class IdleJourneyWorker extends EventProcessor implements OnApplicationBootstrap {
  constructor(
    private readonly idle: IdleJourneyNotices,
    @InjectQueue(IDLE_JOURNEY_QUEUE) private readonly queue: Queue,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    const every = this.config.IDLE_JOURNEY_CHECK_MS;
    if (every === 0) return;
    await this.queue.upsertJobScheduler(IDLE_CHECK, { every }, { name: IDLE_CHECK, opts: { removeOnComplete: 100, removeOnFail: 100 } })
      .catch((err: Error) => this.logger.warn(`idle-journey check not scheduled: ${err.message}`));
  }

  async process(): Promise<{ written: number }> {
    return { written: await this.idle.check() };
  }
}
