import { createZodDto } from '@brokerage/nest-common';
import { docListingParamsSchema } from '@brokerage/contracts';

export class ActivityListingParams extends createZodDto(docListingParamsSchema) {}
