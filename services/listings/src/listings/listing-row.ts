import type { BuyerPartyStatus, ListingStatus } from '@brokerage/contracts';

/** A listings.listings row as the repositories read it (price stays the exact decimal string from numeric(14,2)). */
export interface ListingRow {
  id: string;
  title: string;
  description: string;
  price: string;
  status: ListingStatus;
  sellerId: string | null;
  agentId: string | null;
  privateSellerName: string | null;
  privateSellerEmail: string | null;
  privateSellerPhone: string | null;
  statusBeforeArchive: ListingStatus | null;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PartyRow {
  listingId: string;
  buyerId: string;
  status: BuyerPartyStatus;
  createdAt: Date;
}

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
