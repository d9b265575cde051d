import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENT_MSG, UPLOAD_LIMITS } from '@brokerage/contracts';
import type { UploadRules } from '@brokerage/nest-common';

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
