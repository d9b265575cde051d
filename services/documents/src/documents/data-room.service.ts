import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { DOCUMENT_MSG, type IdentityClaims, type RevocationList, type RevocationResponse } from '@brokerage/contracts';
import { PermissionsRepository } from '../permissions/permissions.repository.js';
import { canSee } from './document-access.js';
import { DocumentsService } from './documents.service.js';

/** Staff's side of issue 23 §2: revoke / restore one buyer's access to one document or to the listing's documents. */
@Injectable()
export class DataRoomService {
  constructor(
    private readonly documents: DocumentsService,
    private readonly repo: PermissionsRepository,
  ) {}

  /** GET …/listings/{listingId}/revocations: a party's staff only (404 otherwise, the listing's rule). */
  async list(user: IdentityClaims, listingId: string): Promise<RevocationList> {
    await this.documents.access(user, listingId);
    return { revocations: await this.repo.ofListing(listingId) };
  }

  /**
   * POST …/buyers/{buyerId}/listings/{listingId}/revoke|restore {documentId?}. Revoke: the buyer must be a party of
   * the listing (404) and the document one that buyer sees and did not upload (400 `notRevocable`). Restore takes
   * away a revocation whatever the buyer's state. Both idempotent; the answer is the listing's revocations after it.
   */
  async change(user: IdentityClaims, action: 'revoke' | 'restore', buyerId: string, listingId: string, documentId: string | null): Promise<RevocationResponse> {
    const parties = await this.documents.access(user, listingId);
    if (documentId) {
      const row = await this.documents.findVisible(user, documentId, listingId);
      const buyer = { sub: buyerId, role: 'BUYER' as const, name: '' };
      if (action === 'revoke' && (!canSee(buyer, row) || row.uploadedBy === buyerId)) throw new BadRequestException(DOCUMENT_MSG.notRevocable);
    }
    if (action === 'revoke') {
      if (!parties.buyerIds.includes(buyerId)) throw new NotFoundException(DOCUMENT_MSG.buyerNotParty);
      await this.repo.revoke({ listingId, buyerId, documentId, by: user.sub, byName: user.name });
    } else {
      await this.repo.restore({ listingId, buyerId, documentId });
    }
    this.documents.announceAccess(listingId, buyerId, documentId);
    const whole = documentId === null;
    return { message: action === 'revoke' ? DOCUMENT_MSG.revoked(whole) : DOCUMENT_MSG.restored(whole), revocations: await this.repo.ofListing(listingId) };
  }
}
