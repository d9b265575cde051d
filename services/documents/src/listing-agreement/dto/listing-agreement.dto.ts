import { optionalListingQuerySchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

/** ?listingId= (the selected listing when absent). */
export class ListingAgreementQuery extends createZodDto(optionalListingQuerySchema) {}
