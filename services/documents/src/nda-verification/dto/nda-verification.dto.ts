import { docListingParamsSchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

export class NdaVerifyParams extends createZodDto(docListingParamsSchema) {}
