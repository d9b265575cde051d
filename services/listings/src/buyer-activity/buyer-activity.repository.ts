import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { rows, sqlColumn } from '@brokerage/nest-common';

const formRow = z
  .object({ user_id: z.string(), kind: z.enum(['NDA', 'FINANCIAL_STATEMENT']), saved_at: sqlColumn.time, submitted_at: sqlColumn.time.nullable(), organization: z.string().nullable() })
  .describe('buyerFormRow');
const signupNdaRow = z.object({ buyer_id: z.string(), organization: z.string().nullable(), signed_at: sqlColumn.time }).describe('signupNdaRow');

/** A buyer's online form (NDA or financial statement) on the listing: saved (draft) and maybe submitted. */
export interface FormState {
  userId: string;
  kind: 'NDA' | 'FINANCIAL_STATEMENT';
  savedAt: Date;
  submittedAt: Date | null;
  organization: string | null;
}

/** A buyer's sign-up NDA for the listing (spec part 1 NDA sign-up). */
export interface SignupNda {
  buyerId: string;
  organization: string | null;
  signedAt: Date;
}

/** What the listings schema knows about the buyers of one listing, for the seller's Buyer Activity. */
@Injectable()
export class BuyerActivityRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async forms(listingId: string): Promise<FormState[]> {
    const res = await this.ds.query(
      `SELECT user_id, kind, saved_at, submitted_at, NULLIF(btrim(data->>'organization'), '') AS organization
         FROM listings.client_forms WHERE listing_id = $1 AND kind IN ('NDA', 'FINANCIAL_STATEMENT')`,
      [listingId],
    );
    return rows(formRow, res).map((r) => ({ userId: r.user_id, kind: r.kind, savedAt: r.saved_at, submittedAt: r.submitted_at, organization: r.organization }));
  }

  async signupNdas(listingId: string): Promise<SignupNda[]> {
    const res = await this.ds.query(
      `SELECT buyer_id, NULLIF(btrim(organization), '') AS organization, signed_at FROM listings.buyer_ndas WHERE listing_id = $1`,
      [listingId],
    );
    return rows(signupNdaRow, res).map((r) => ({ buyerId: r.buyer_id, organization: r.organization, signedAt: r.signed_at }));
  }
}
