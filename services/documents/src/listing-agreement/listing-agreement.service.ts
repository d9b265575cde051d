import type { IncomingMessage } from 'node:http';
import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import {
  DOCUMENT_MSG,
  LISTING_AGREEMENT_MSG,
  type DocumentType,
  type IdentityClaims,
  type ListingAgreementResponse,
  type ListingAgreementUploadResponse,
} from '@brokerage/contracts';
import { DocumentsService, type UploadRoute } from '../documents/documents.service.js';
import { agreementOf } from './listing-agreement-view.js';

/** Seller step 3 (journey step id 2): the signed copy is filed under it. */
const LISTING_AGREEMENT_STEP = 2;
const TYPE: DocumentType = 'LISTING_AGREEMENT';

/** GET|POST /seller/listing-agreement: the agreement object over the documents of the listing (no table of its own). */
@Injectable()
export class ListingAgreementService {
  constructor(private readonly documents: DocumentsService) {}

  /** The document part of today (document, signedCopies) and the agreement object beside it. */
  async view(user: IdentityClaims, explicit?: string): Promise<ListingAgreementResponse> {
    const listingId = await this.documents.listingOf(user, explicit);
    const docs = listingId ? await this.documents.visible(user, listingId, (d) => d.type === TYPE) : [];
    const agreement = agreementOf(listingId, docs, user.sub);
    // the document part, as DocumentsService.provided answers it: the current agreement and every copy the seller uploaded
    return { document: agreement.document, signedCopies: docs.filter((d) => d.uploader.id === user.sub), agreement };
  }

  /**
   * The seller's signed copy (multipart, .pdf .doc .docx) through the documents upload pipeline: filed as a LISTING_AGREEMENT
   * under step 2, which completes the step through the journey outbox. 409 while staff have provided no agreement, and
   * (the journey's rule) while the seller has not reached step 2.
   */
  async uploadSigned(req: IncomingMessage, user: IdentityClaims, explicit?: string): Promise<ListingAgreementUploadResponse> {
    const listingId = await this.documents.listingOf(user, explicit);
    if (!listingId) throw new BadRequestException(DOCUMENT_MSG.noListing);
    // the rule first: not a party 404, step 2 not reached 409 (nothing read, nothing stored)
    await this.documents.access(user, listingId, { step: LISTING_AGREEMENT_STEP }).catch((err: unknown) => {
      req.resume();
      throw err;
    });
    const before = await this.view(user, listingId);
    if (before.agreement.status === 'NOT_PROVIDED') throw new ConflictException(LISTING_AGREEMENT_MSG.notProvided);
    const route: UploadRoute = { listingId, types: [TYPE], defaultType: () => TYPE, stepId: LISTING_AGREEMENT_STEP };
    await this.documents.upload(req, user, route);
    return { message: LISTING_AGREEMENT_MSG.uploaded, agreement: (await this.view(user, listingId)).agreement };
  }
}
