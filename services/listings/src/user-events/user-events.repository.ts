import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What a deleted user leaves behind in this schema. Each statement is naturally idempotent. */
@Injectable()
export class UserEventsRepository {
  async removeBuyer(em: EntityManager, userId: string): Promise<void> {
    await em.query(`DELETE FROM listings.listing_buyers WHERE buyer_id = $1`, [userId]);
    await em.query(`DELETE FROM listings.buyer_ndas WHERE buyer_id = $1`, [userId]);
    await em.query(`DELETE FROM listings.offers WHERE buyer_id = $1`, [userId]);
  }

  async unassignAgent(em: EntityManager, userId: string): Promise<void> {
    await em.query(`UPDATE listings.listings SET agent_id = NULL, updated_at = now() WHERE agent_id = $1`, [userId]);
  }

  async removeJourneys(em: EntityManager, userId: string): Promise<void> {
    await em.query(`DELETE FROM listings.journeys WHERE user_id = $1`, [userId]);
    await em.query(`DELETE FROM listings.selections WHERE user_id = $1`, [userId]);
    await em.query(`DELETE FROM listings.client_forms WHERE user_id = $1`, [userId]);
    await em.query(`DELETE FROM listings.journey_step_changes WHERE user_id = $1`, [userId]);
  }
}
