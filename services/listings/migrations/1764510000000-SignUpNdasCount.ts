import type { MigrationInterface, QueryRunner } from 'typeorm';

const STEPS = 11;
const SELECT_STEP = 0;
const NDA_STEP = 2;

/**
 * Issue 18: an NDA signed on the public /nda page counts. New sign-ups complete Select Listing (0) and Non Disclosure
 * (2) of the buyer's journey on that listing when they are recorded (ndas.service.ts); this does the same once for the
 * NDAs recorded before, for buyers still party of the listing: the journey is created when missing, both steps are
 * completed at the signing time (by the buyer) with the journey engine's cursor rule (completing the current step moves
 * the cursor past it and past any later completed step), and the listing becomes their selected one when they have none.
 */
export class SignUpNdasCount1764510000000 implements MigrationInterface {
  name = 'SignUpNdasCount1764510000000';

  async up(q: QueryRunner): Promise<void> {
    const ndas: { buyerId: string; listingId: string; signedAt: Date }[] = await q.query(
      `SELECT n.buyer_id AS "buyerId", n.listing_id AS "listingId", n.signed_at AS "signedAt"
       FROM listings.buyer_ndas n
       JOIN listings.listing_buyers b ON b.listing_id = n.listing_id AND b.buyer_id = n.buyer_id AND b.status <> 'rejected'
       ORDER BY n.signed_at`,
    );
    for (const n of ndas) {
      await q.query(
        `INSERT INTO listings.journeys (user_id, listing_id, kind) VALUES ($1, $2, 'BUYER') ON CONFLICT (user_id, listing_id) DO NOTHING`,
        [n.buyerId, n.listingId],
      );
      const [j]: { currentStep: number; completedAt: (Date | null)[]; completedBy: (string | null)[] }[] = await q.query(
        `SELECT current_step AS "currentStep", completed_at AS "completedAt", completed_by AS "completedBy"
         FROM listings.journeys WHERE user_id = $1 AND listing_id = $2 FOR UPDATE`,
        [n.buyerId, n.listingId],
      );
      const at = Array.from({ length: STEPS }, (_, i) => j!.completedAt[i] ?? null);
      const by = Array.from({ length: STEPS }, (_, i) => j!.completedBy[i] ?? null);
      let cursor = Number(j!.currentStep);
      let changed = false;
      for (const step of [SELECT_STEP, NDA_STEP]) {
        if (at[step]) continue;
        at[step] = n.signedAt;
        by[step] = n.buyerId;
        changed = true;
        if (step === cursor) while (cursor < STEPS - 1 && at[cursor]) cursor++;
      }
      if (changed) {
        await q.query(
          `UPDATE listings.journeys SET current_step = $3, completed_at = $4::timestamptz[], completed_by = $5::text[], updated_at = now()
           WHERE user_id = $1 AND listing_id = $2`,
          [n.buyerId, n.listingId, cursor, at.map((d) => (d ? new Date(d).toISOString() : null)), by],
        );
      }
      await q.query(`INSERT INTO listings.selections (user_id, listing_id) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [
        n.buyerId, n.listingId,
      ]);
    }
  }

  async down(): Promise<void> {
    // data only: the completed steps stay (they are what the signed NDAs say)
  }
}
