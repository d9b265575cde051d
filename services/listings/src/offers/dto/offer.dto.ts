import { createZodDto } from '@brokerage/nest-common';
import { offerParamsSchema, recordOfferSchema } from '@brokerage/contracts';

export class OfferParams extends createZodDto(offerParamsSchema) {}
export class RecordOfferBody extends createZodDto(recordOfferSchema) {}
