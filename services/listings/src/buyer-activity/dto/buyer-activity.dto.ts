import { createZodDto } from '@brokerage/nest-common';
import { listingIdParamSchema } from '@brokerage/contracts';

export class BuyerActivityParams extends createZodDto(listingIdParamSchema) {}
