import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';
import { DEMO_BUYER_LISTING_ID, DEMO_LISTINGS, DEMO_USERS } from './demo-listings.js';

/** SEED_DEMO=1: inserts the demo listings, the demo buyer's attachment and NDA; idempotent (fixed ids, ON CONFLICT DO NOTHING). */
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
      for (const l of DEMO_LISTINGS) {
        await em.query(
          `INSERT INTO listings.listings (id, title, description, price, status, seller_id, agent_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
          [l.id, l.title, l.description, l.price, l.status, DEMO_USERS.seller, DEMO_USERS.agent],
        );
      }
      await em.query(
        `INSERT INTO listings.listing_buyers (listing_id, buyer_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [DEMO_BUYER_LISTING_ID, DEMO_USERS.buyer],
      );
      await em.query(
        `INSERT INTO listings.buyer_ndas (buyer_id, listing_id, first_name, last_name, email, phone, city, state,
           california_regions, time_frame_to_purchase, agreement_accepted, signer_name, signed_at)
         VALUES ($1, $2, 'Blake', 'Buyer', 'buyer@example.com', '(916) 555-0144', 'Sacramento', 'CA',
           ARRAY['Greater Sacramento Region'], '3-6 months', true, 'Blake Buyer', now())
         ON CONFLICT (buyer_id, listing_id) DO NOTHING`,
        [DEMO_USERS.buyer, DEMO_BUYER_LISTING_ID],
      );
    });
    this.logger.log(`demo data ensured (${DEMO_LISTINGS.length} listings)`);
  }
}
