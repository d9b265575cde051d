export { ndaSubmissionSchema, NDA_REQUIRED_MESSAGE } from '@brokerage/contracts';

/** Text fields the contracts' schema requires: a missing one must answer the spec's NDA message, not zod's type text. */

/** Body of listings' POST /internal/ndas (the NDA without the password). */
export interface ListingsNdaRequest {
  buyerId: string;
  listingId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  organization: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  availableMoney: string | null;
  minimumIncome: string | null;
  totalPriceWilling: string | null;
  californiaRegions: string[];
  timeFrameToPurchase: string | null;
  agreementAccepted: true;
  signature: string;
  signedAt: string;
  ip: string | null;
  userAgent: string | null;
}
