import { Listing } from './listings/listing.entity.js';
import { ListingBuyer } from './listings/listing-buyer.entity.js';
import { BuyerNda } from './ndas/buyer-nda.entity.js';
import { CreateListings1763700100000 } from '../migrations/1763700100000-CreateListings.js';
import { PartiesJourneysOutbox1763900000000 } from '../migrations/1763900000000-PartiesJourneysOutbox.js';
import { ClientForms1764100000000 } from '../migrations/1764100000000-ClientForms.js';
import { FormPdfRequests1764300000000 } from '../migrations/1764300000000-FormPdfRequests.js';
import { Offers1764310000000 } from '../migrations/1764310000000-Offers.js';
import { ListingCountsVersion1764400000000 } from '../migrations/1764400000000-ListingCountsVersion.js';
import { JourneyStepChanges1764500000000 } from '../migrations/1764500000000-JourneyStepChanges.js';
import { SignUpNdasCount1764510000000 } from '../migrations/1764510000000-SignUpNdasCount.js';
import { OneOutboxShape1764800000000 } from '../migrations/1764800000000-OneOutboxShape.js';
import { NdaTextEvidence1764900000000 } from '../migrations/1764900000000-NdaTextEvidence.js';

export const LISTINGS_ENTITIES = [Listing, ListingBuyer, BuyerNda];
export const LISTINGS_MIGRATIONS = [CreateListings1763700100000, PartiesJourneysOutbox1763900000000, ClientForms1764100000000, FormPdfRequests1764300000000, Offers1764310000000, ListingCountsVersion1764400000000, JourneyStepChanges1764500000000, SignUpNdasCount1764510000000, OneOutboxShape1764800000000, NdaTextEvidence1764900000000];
