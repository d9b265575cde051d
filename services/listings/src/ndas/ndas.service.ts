import { Injectable, NotFoundException } from '@nestjs/common';
import { LISTING_NOT_AVAILABLE, type RecordNdaInput, type RecordNdaResponse, type RemovedBuyerNdas } from '@brokerage/contracts';
import { NdasRepository } from './ndas.repository.js';

@Injectable()
export class NdasService {
  constructor(private readonly ndas: NdasRepository) {}

  /** Records the buyer's NDA for an ACTIVE listing and attaches the buyer; idempotent on (buyerId, listingId). */
  record(input: RecordNdaInput): Promise<RecordNdaResponse> {
    const listingId = input.listingId;
    const buyerId = input.buyerId.toLowerCase();
    return this.ndas.transaction(async (em) => {
      const existing = await this.ndas.findByBuyerAndListing(em, buyerId, listingId);
      if (existing) {
        await this.ndas.attachBuyer(em, listingId, buyerId);
        return { created: false, nda: { id: existing.id, buyerId, listingId, signedAt: existing.signedAt.toISOString() } };
      }
      const status = await this.ndas.lockListingStatus(em, listingId);
      if (status !== 'ACTIVE') throw new NotFoundException(LISTING_NOT_AVAILABLE);
      const insertedId = await this.ndas.insertIfAbsent(em, { ...input, buyerId, listingId });
      await this.ndas.attachBuyer(em, listingId, buyerId);
      const row = insertedId ? null : await this.ndas.findByBuyerAndListing(em, buyerId, listingId);
      return {
        created: insertedId !== null,
        nda: { id: insertedId ?? row!.id, buyerId, listingId, signedAt: (row?.signedAt ?? input.signedAt).toISOString() },
      };
    });
  }

  removeForBuyer(buyerId: string): Promise<RemovedBuyerNdas> {
    return this.ndas.deleteForBuyer(buyerId.toLowerCase());
  }
}
