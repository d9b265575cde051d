import { z } from 'zod';
import { BUYER_PARTY_STATUSES, LISTING_STATUSES } from '@brokerage/contracts';
import { sqlColumn } from '@brokerage/nest-common';

/** A listings.listings row as the repositories read it (price stays the exact decimal string from numeric(14,2)). */
export const listingRow = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    price: z.string(),
    status: z.enum(LISTING_STATUSES),
    sellerId: z.string().nullable(),
    agentId: z.string().nullable(),
    privateSellerName: z.string().nullable(),
    privateSellerEmail: z.string().nullable(),
    privateSellerPhone: z.string().nullable(),
    statusBeforeArchive: z.enum(LISTING_STATUSES).nullable(),
    closedAt: sqlColumn.time.nullable(),
    createdAt: sqlColumn.time,
    updatedAt: sqlColumn.time,
  })
  .describe('listingRow');
export type ListingRow = z.output<typeof listingRow>;

export const partyRow = z
  .object({ listingId: z.string(), buyerId: z.string(), status: z.enum(BUYER_PARTY_STATUSES), createdAt: sqlColumn.time })
  .describe('partyRow');
export type PartyRow = z.output<typeof partyRow>;

export const LISTING_COLUMNS = `l.id, l.title, l.description, l.price::text AS price, l.status, l.seller_id AS "sellerId",
  l.agent_id AS "agentId", l.private_seller_name AS "privateSellerName", l.private_seller_email AS "privateSellerEmail",
  l.private_seller_phone AS "privateSellerPhone", l.status_before_archive AS "statusBeforeArchive", l.closed_at AS "closedAt",
  l.created_at AS "createdAt", l.updated_at AS "updatedAt"`;

/** Who is asking, for ownership: the broker sees everything, the others only their own listings. */
export type ListingScope =
  | { kind: 'all' }
  | { kind: 'agent'; userId: string }
  | { kind: 'seller'; userId: string }
  | { kind: 'buyer'; userId: string };
