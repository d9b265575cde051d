import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_MSG, NDA_VERIFY_EXTENSIONS, NDA_VERIFY_MSG, formatUtcDateTime, type IdentityClaims, type NdaVerifyResponse } from '@brokerage/contracts';
import { receiveUpload } from '@brokerage/nest-common';
import { DOCUMENTS_CONFIG, type DocumentsConfig } from '../config/documents-config.js';
import { DocumentsService } from '../documents/documents.service.js';
import { documentUploadRules } from '../uploads/document-upload.js';
import { HASH_ONLY_TARGET } from './hash-only-upload.js';
import { NdaVerificationRepository } from './nda-verification.repository.js';

/**
 * Issue 24 §1: staff check a copy of a signed NDA's PDF. The copy is read with an upload's checks (one .pdf file, its
 * content a PDF, at most the upload size), hashed and forgotten (nothing stored, nothing recorded); it matches when
 * its sha256 is the one recorded when one of this listing's signed NDAs was filed. NDAs are served unaltered (no
 * stamp: watermark.ts UNSTAMPED_ORIGINALS), so a downloaded NDA matches; a copy changed in one byte does not.
 */
@Injectable()
export class NdaVerificationService {
  constructor(
    private readonly documents: DocumentsService,
    private readonly signed: NdaVerificationRepository,
    @Inject(DOCUMENTS_CONFIG) private readonly config: DocumentsConfig,
  ) {}

  async verify(req: IncomingMessage, user: IdentityClaims, listingId: string): Promise<NdaVerifyResponse> {
    // the listing's rule first: a refusal drains the body unread
    await this.documents.access(user, listingId).catch((err: unknown) => {
      req.resume();
      throw err;
    });
    const rules = documentUploadRules(this.config.UPLOAD_MAX_FILE_BYTES);
    const { files } = await receiveUpload(req, HASH_ONLY_TARGET, {
      ...rules,
      maxFiles: 1,
      maxFields: 1,
      fieldNames: [],
      messages: { ...rules.messages, tooManyFiles: NDA_VERIFY_MSG.oneFile, noFiles: NDA_VERIFY_MSG.oneFile, unknownField: DOCUMENT_MSG.unknownField },
      plan: async () => ({ keyPrefix: 'nda-verify', allowedExtensions: NDA_VERIFY_EXTENSIONS }),
    });
    const nda = await this.signed.findSigned(listingId, files[0]!.sha256);
    if (!nda) return { matches: false, message: NDA_VERIFY_MSG.noMatch };
    const signerName = nda.signerName ?? nda.ownerName;
    const signedAt = nda.signedAt ?? nda.createdAt.toISOString();
    return { matches: true, message: NDA_VERIFY_MSG.matches(signerName, formatUtcDateTime(signedAt)), signerName, signedAt };
  }
}
