import { Listing } from './listings/listing.entity.js';
import { ListingBuyer } from './listings/listing-buyer.entity.js';
import { BuyerNda } from './ndas/buyer-nda.entity.js';
import { CreateListings1763700100000 } from '../migrations/1763700100000-CreateListings.js';

export const LISTINGS_ENTITIES = [Listing, ListingBuyer, BuyerNda];
export const LISTINGS_MIGRATIONS = [CreateListings1763700100000];
