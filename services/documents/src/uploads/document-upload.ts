import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENT_MSG, UPLOAD_LIMITS, type IdentityClaims } from '@brokerage/contracts';
import type { StoredUpload, UploadRules } from '@brokerage/nest-common';

/**
 * The documents routes' upload rules for nest-common's receiveUpload (multipart streamed to S3, all or nothing):
 * 1-100 files of any part name, the text fields (≤ 20, ≤ 1 KB each) before them, the documents' refusal texts.
 */
export const documentUploadRules = (maxFileBytes: number): UploadRules => ({
  maxFiles: UPLOAD_LIMITS.maxFiles,
  maxFileBytes,
  maxFileNameChars: UPLOAD_LIMITS.maxFileNameChars,
  maxFields: 20,
  maxFieldBytes: UPLOAD_LIMITS.maxFieldBytes,
  messages: {
    notMultipart: DOCUMENT_MSG.notMultipart,
    brokenMultipart: DOCUMENT_MSG.brokenMultipart,
    fieldAfterFile: DOCUMENT_MSG.fieldAfterFile,
    tooManyFiles: DOCUMENT_MSG.tooManyFiles,
    noFiles: DOCUMENT_MSG.noFiles,
    fileNameTooLong: DOCUMENT_MSG.fileNameTooLong,
    badExtension: DOCUMENT_MSG.badExtension,
    contentMismatch: DOCUMENT_MSG.contentMismatch,
    tooLarge: DOCUMENT_MSG.tooLarge,
    empty: DOCUMENT_MSG.empty,
  },
  detect: fileTypeFromBuffer,
});

/** A new document row's columns that come from the stored file and its uploader (the route gives the rest). */
export const storedFileColumns = (f: StoredUpload, user: IdentityClaims) => ({
  fileName: f.fileName,
  contentType: f.contentType,
  sizeBytes: f.size,
  sha256: f.sha256,
  storageKey: f.key,
  uploadedBy: user.sub,
  uploadedByRole: user.role,
  uploadedByName: user.name,
});
