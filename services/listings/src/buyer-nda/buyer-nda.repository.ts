import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { firstRow } from '@brokerage/nest-common';

/** The sign-up's columns as the online NDA names them (the service parses them with ndaFormSchema). */
const signUpRow = z
  .object({
    firstName: z.string(), lastName: z.string(), organization: z.string(), email: z.string(), phone: z.string(),
    addressLine1: z.string(), addressLine2: z.string(), city: z.string(), state: z.string(), zipCode: z.string(),
    availableMoney: z.string(), minimumIncome: z.string(), totalPriceWilling: z.string(),
    californiaRegions: z.array(z.string()), timeFrameToPurchase: z.string(),
  })
  .describe('ndaSignUpRow');
type SignUpFields = z.output<typeof signUpRow>;

/** Reads the buyer's NDA sign-up record (listings.buyer_ndas) to prefill the online NDA. */
@Injectable()
export class BuyerNdaRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The sign-up for this listing, else the buyer's latest one. */
  async signUp(buyerId: string, listingId: string): Promise<SignUpFields | null> {
    const res = await this.ds.query(
      `SELECT first_name AS "firstName", last_name AS "lastName", COALESCE(organization, '') AS organization, email, phone,
              COALESCE(address_line1, '') AS "addressLine1", COALESCE(address_line2, '') AS "addressLine2",
              COALESCE(city, '') AS city, COALESCE(state, '') AS state, COALESCE(zip_code, '') AS "zipCode",
              COALESCE(available_money, '') AS "availableMoney", COALESCE(minimum_income, '') AS "minimumIncome",
              COALESCE(total_price_willing, '') AS "totalPriceWilling", california_regions AS "californiaRegions",
              COALESCE(time_frame_to_purchase, '') AS "timeFrameToPurchase"
         FROM listings.buyer_ndas WHERE buyer_id = $1
        ORDER BY (listing_id = $2) DESC, created_at DESC LIMIT 1`,
      [buyerId, listingId],
    );
    return firstRow(signUpRow, res) ?? null;
  }
}
