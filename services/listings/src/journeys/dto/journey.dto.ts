import { createZodDto } from '@brokerage/nest-common';
import {
  buyerListingParamsSchema,
  journeyEventSchema,
  listingAccessQuerySchema,
  listingIdParamsSchema,
  selectListingSchema,
  staffStepParamsSchema,
  stepIdBodySchema,
  updateStepSchema,
} from '@brokerage/contracts';

export class SelectListingBody extends createZodDto(selectListingSchema) {}
export class StepIdBody extends createZodDto(stepIdBodySchema) {}
export class UpdateStepBody extends createZodDto(updateStepSchema) {}
export class JourneyEventBody extends createZodDto(journeyEventSchema) {}
export class StaffStepParams extends createZodDto(staffStepParamsSchema) {}
export class BuyerListingParams extends createZodDto(buyerListingParamsSchema) {}
export class ProgressListingParams extends createZodDto(listingIdParamsSchema) {}
export class SelectedListingQuery extends createZodDto(listingAccessQuerySchema) {}
