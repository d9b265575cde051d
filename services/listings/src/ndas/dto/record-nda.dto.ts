import { buyerNdasParamsSchema, recordNdaSchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

/** POST /internal/ndas (identity, after creating the buyer account of an NDA sign-up). */
export class RecordNdaBody extends createZodDto(recordNdaSchema) {}
/** DELETE /internal/ndas/{buyerId} (compensation of a failed sign-up). */
export class BuyerNdasParams extends createZodDto(buyerNdasParamsSchema) {}
