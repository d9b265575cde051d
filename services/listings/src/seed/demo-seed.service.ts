import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DEMO_PEOPLE } from '@brokerage/contracts';
import { SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';
import { DEMO_JOURNEYS, DEMO_LISTINGS, DEMO_NDAS, type DemoJourney, type DemoListing } from './demo-listings.js';

/** SEED_DEMO=1: the demo listings, parties, NDAs, journeys and selections; idempotent (fixed ids, ON CONFLICT DO NOTHING). */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.SEED_DEMO) await this.seed();
  }

  async seed(): Promise<void> {
    await this.ds.transaction(async (em) => {
      for (const l of DEMO_LISTINGS) await this.listing(em, l);
      for (const n of DEMO_NDAS) await this.nda(em, n.buyerId, n.listingId);
      for (const j of DEMO_JOURNEYS) await this.journey(em, j);
    });
    this.logger.log(`demo data ensured (${DEMO_LISTINGS.length} listings, ${DEMO_JOURNEYS.length} journeys)`);
  }

  private async listing(em: EntityManager, l: DemoListing): Promise<void> {
    // CLOSED: closed this year (a few weeks ago, never before 1 January), so the YTD card counts it
    await em.query(
      `INSERT INTO listings.listings (id, title, description, price, status, seller_id, agent_id, private_seller_name,
         private_seller_email, private_seller_phone, status_before_archive, created_at, updated_at, closed_at)
       VALUES ($1, $2, $3, $4::numeric, $5::varchar, $6, $7, $8, $9, $10, $11, now() - make_interval(days => $12), now(),
         CASE WHEN $5::varchar = 'CLOSED' THEN GREATEST(date_trunc('year', now()), now() - interval '20 days') END)
       ON CONFLICT (id) DO NOTHING`,
      [l.id, l.title, l.description, l.price, l.status, l.sellerId, l.agentId, l.privateSeller?.name ?? null,
        l.privateSeller?.email ?? null, l.privateSeller?.phone ?? null, l.statusBeforeArchive ?? null, l.ageDays],
    );
    for (const b of l.buyers) {
      await em.query(
        `INSERT INTO listings.listing_buyers (listing_id, buyer_id, status) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
        [l.id, b.id, b.status],
      );
    }
  }

  private async nda(em: EntityManager, buyerId: string, listingId: string): Promise<void> {
    const p = DEMO_PEOPLE.find((x) => x.id === buyerId)!;
    const [first, ...rest] = p.name.split(' ');
    await em.query(
      `INSERT INTO listings.buyer_ndas (buyer_id, listing_id, first_name, last_name, email, phone, organization, city, state,
         california_regions, time_frame_to_purchase, agreement_accepted, signer_name, signed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'Sacramento', 'CA', ARRAY['Greater Sacramento Region'], '3-6 months', true, $8, now())
       ON CONFLICT (buyer_id, listing_id) DO NOTHING`,
      [buyerId, listingId, first, rest.join(' '), p.email, p.phone, p.company ?? null, p.name],
    );
  }

  /** Steps 0..completed-1 done a few days apart, by the client; the cursor on the next step (10 at most). */
  private async journey(em: EntityManager, j: DemoJourney): Promise<void> {
    await em.query(
      `INSERT INTO listings.journeys (user_id, listing_id, kind, current_step, completed_at, completed_by)
       SELECT $1::uuid, $2::uuid, $3::varchar, LEAST($4::int, 10),
         array_agg(CASE WHEN g < $4::int THEN now() - make_interval(days => 2 * ($4::int - g)) END ORDER BY g),
         array_agg(CASE WHEN g < $4::int THEN $1::uuid::text END ORDER BY g)
       FROM generate_series(0, 10) g
       ON CONFLICT (user_id, listing_id) DO NOTHING`,
      [j.userId, j.listingId, j.kind, j.completed],
    );
    if (j.selected) {
      await em.query(`INSERT INTO listings.selections (user_id, listing_id) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [
        j.userId, j.listingId,
      ]);
    }
  }
}
