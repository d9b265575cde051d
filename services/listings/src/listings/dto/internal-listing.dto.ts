import { listingIdParamsSchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

/** GET /internal/listings/{id} */
export class InternalListingParams extends createZodDto(listingIdParamsSchema) {}
