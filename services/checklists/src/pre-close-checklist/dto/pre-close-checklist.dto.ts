import { checklistItemBodySchema, checklistListingParamsSchema } from '@brokerage/contracts';
import { createZodDto } from '@brokerage/nest-common';

/** {role}/listings/{listingId}/pre-close-checklist… */
export class ChecklistListingParams extends createZodDto(checklistListingParamsSchema) {}
/** PUT …/pre-close-checklist(/item) {categoryId, itemId, userRole} */
export class ChecklistItemBody extends createZodDto(checklistItemBodySchema) {}
