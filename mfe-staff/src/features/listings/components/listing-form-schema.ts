import { z } from 'zod';
import {
  EDITABLE_LISTING_STATUSES,
  LISTING_MSG,
  priceInputSchema,
  privateSellerSchema,
  type CreateListingRequest,
  type Listing,
} from '@brokerage/contracts/listings';
import { requiredText } from '@brokerage/contracts/text';

/** Values of the listing form (spec part 3 §5). Price is the typed text; seller or private seller, never both. */
export const listingFormSchema = z
  .object({
    title: requiredText(LISTING_MSG.titleRequired).max(300),
    description: requiredText(LISTING_MSG.descriptionRequired).max(10000),
    price: z.string().max(20),
    status: z.enum(EDITABLE_LISTING_STATUSES),
    isPrivate: z.boolean(),
    sellerId: z.string(),
    agentId: z.string(),
    privateSeller: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
    buyerIds: z.array(z.string()),
  })
  .superRefine((v, ctx) => {
    if (!priceInputSchema.safeParse(normalizePrice(v.price)).success)
      ctx.addIssue({ code: 'custom', path: ['price'], message: LISTING_MSG.priceInvalid });
    if (v.isPrivate) {
      const r = privateSellerSchema.safeParse(v.privateSeller);
      if (!r.success)
        for (const issue of r.error.issues)
          ctx.addIssue({ code: 'custom', path: ['privateSeller', ...issue.path.map(String)], message: issue.message });
    } else if (!v.sellerId) {
      ctx.addIssue({ code: 'custom', path: ['sellerId'], message: LISTING_MSG.sellerRequired });
    }
  });
export type ListingFormValues = z.infer<typeof listingFormSchema>;

/** While typing only digits and one decimal point are kept. */
export function cleanPriceInput(raw: string): string {
  const v = raw.replace(/[^\d.]/g, '');
  const dot = v.indexOf('.');
  return dot < 0 ? v : v.slice(0, dot + 1) + v.slice(dot + 1).replace(/\./g, '');
}

/** An empty price is 0; a trailing decimal point is dropped. */
export function normalizePrice(price: string): string {
  const p = price.replace(/\.$/, '');
  return p === '' ? '0' : p;
}

export function formValuesFor(listing?: Listing): ListingFormValues {
  return {
    title: listing?.title ?? '',
    description: listing?.description ?? '',
    price: listing ? String(listing.price) : '',
    status: listing && listing.status !== 'INACTIVE' ? listing.status : 'ACTIVE',
    isPrivate: !!listing?.privateSeller,
    sellerId: listing?.seller?.id ?? '',
    agentId: listing?.agent?.id ?? '',
    privateSeller: {
      name: listing?.privateSeller?.name ?? '',
      email: listing?.privateSeller?.email ?? '',
      phone: listing?.privateSeller?.phone ?? '',
    },
    buyerIds: listing?.buyers.map((b) => b.id) ?? [],
  };
}

/** The write payload (spec part 3 §3): a private seller clears seller and agent. */
export function toListingRequest(v: ListingFormValues, assignedAgentId: string | null): CreateListingRequest {
  const base = {
    title: v.title,
    description: v.description,
    price: normalizePrice(v.price),
    status: v.status,
    buyerIds: v.buyerIds,
  };
  if (v.isPrivate) {
    const { name, email, phone } = v.privateSeller;
    return { ...base, sellerId: null, agentId: null, privateSeller: { name, email, phone: phone || null } };
  }
  return { ...base, sellerId: v.sellerId, privateSeller: null, agentId: assignedAgentId ?? (v.agentId || null) };
}
