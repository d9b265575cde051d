import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { DOCUMENT_MSG, type DocumentPermission, type IdentityClaims } from '@brokerage/contracts';
import { decideDocumentUse, NO_REVOCATIONS, type BuyerRevocations, type DocumentUse } from './document-use.js';
import { PermissionsRepository } from './permissions.repository.js';

/** The document fields the data room's rule reads. */
export interface UsableDocument {
  id: string;
  listingId: string;
  uploadedBy: string | null;
  /** The stored permission when the caller just read the row (else read here). */
  permission?: DocumentPermission;
  /** The buyer's revocations on the listing (this document's at least) when the caller just read them (else read here). */
  revoked?: BuyerRevocations;
}

const REFUSAL = {
  'listing-revoked': DOCUMENT_MSG.listingAccessRevoked,
  revoked: DOCUMENT_MSG.accessRevoked,
  'view-only': DOCUMENT_MSG.viewOnly,
} as const;

/**
 * Issue 23 §2: "may this user view / download this document" once the listing's rule let them see it. Reads the
 * stored permission and revocations on every call (a staff change applies to the next request, open viewers included).
 */
@Injectable()
export class DocumentPermissionsService {
  constructor(private readonly repo: PermissionsRepository) {}

  /** A buyer's revoked accesses on the listing (nobody else has any). */
  revocationsOf(user: Pick<IdentityClaims, 'sub' | 'role'>, listingId: string): Promise<BuyerRevocations> {
    return user.role === 'BUYER' ? this.repo.ofBuyer(listingId, user.sub) : Promise.resolve(NO_REVOCATIONS);
  }

  /** 403 with the clear message when a buyer's access to the listing's documents is revoked (the lists). */
  async requireListingOpen(user: Pick<IdentityClaims, 'sub' | 'role'>, listingId: string): Promise<BuyerRevocations> {
    const revoked = await this.revocationsOf(user, listingId);
    if (revoked.listing) throw new ForbiddenException(DOCUMENT_MSG.listingAccessRevoked);
    return revoked;
  }

  /**
   * 403 (`listingAccessRevoked`, `accessRevoked`, `viewOnly`) when the caller may not `use` the document; call it after
   * the listing's rule (DocumentsService.findVisible: 404 non-party / 409 locked step come first).
   */
  async requireUse(user: Pick<IdentityClaims, 'sub' | 'role'>, doc: UsableDocument, use: DocumentUse): Promise<void> {
    if (user.role !== 'BUYER' || doc.uploadedBy === user.sub) return;
    const [permission, revoked] = await Promise.all([doc.permission ?? this.repo.permissionOf(doc.id), doc.revoked ?? this.repo.ofBuyer(doc.listingId, user.sub)]);
    if (!permission) throw new NotFoundException(DOCUMENT_MSG.documentNotFound);
    const decision = decideDocumentUse(user, { ...doc, permission: permission satisfies DocumentPermission }, revoked, use);
    if (decision !== 'ok') throw new ForbiddenException(REFUSAL[decision]);
  }
}
