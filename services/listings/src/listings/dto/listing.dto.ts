import { createZodDto } from '@brokerage/nest-common';
import {
  buyerIdBodySchema,
  createListingSchema,
  listingAccessQuerySchema,
  listingIdParamsSchema,
  listingsQuerySchema,
  updateListingSchema,
} from '@brokerage/contracts';
import { z } from 'zod';

export class CreateListingBody extends createZodDto(createListingSchema) {}
export class UpdateListingBody extends createZodDto(updateListingSchema) {}
export class ListingIdParams extends createZodDto(listingIdParamsSchema) {}
export class ListingsQuery extends createZodDto(listingsQuerySchema) {}
export class BuyerIdBody extends createZodDto(buyerIdBodySchema) {}
export class ListingAccessQuery extends createZodDto(listingAccessQuerySchema) {}
export class PartiesQuery extends createZodDto(z.object({ userId: z.string().max(36).pipe(z.uuid('Invalid user id')).optional() })) {}
export class UserIdParams extends createZodDto(z.object({ userId: z.string().max(36).pipe(z.uuid('Invalid user id')) })) {}
