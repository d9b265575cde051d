import { fileTypeFromBuffer } from 'file-type';
import { MESSAGE_LIMITS, MESSAGING_MSG } from '@brokerage/contracts';
import type { UploadRules } from '@brokerage/nest-common';

/** The text fields of POST /messages/send, sent before the files. */
export const MESSAGE_TEXT_FIELDS = ['receiverId', 'subject', 'content'] as const;

/**
 * POST /messages/send's rules for nest-common's receiveUpload (the documents' streamed upload path): the three text
 * fields first, then 0-10 `attachments` of ≤ 25 MB each, streamed to S3 (allow-list, content check, empty refused).
 */
export const MESSAGE_UPLOAD_RULES: UploadRules = {
  maxFiles: MESSAGE_LIMITS.maxFiles,
  maxFileBytes: MESSAGE_LIMITS.maxFileBytes,
  maxFileNameChars: MESSAGE_LIMITS.maxFileNameChars,
  maxFields: 10,
  maxFieldBytes: MESSAGE_LIMITS.contentChars * 4, // UTF-8: up to 4 bytes a character
  fieldNames: MESSAGE_TEXT_FIELDS,
  fileField: 'attachments',
  messages: {
    notMultipart: MESSAGING_MSG.notMultipart,
    brokenMultipart: MESSAGING_MSG.brokenMultipart,
    fieldAfterFile: MESSAGING_MSG.fieldAfterFile,
    tooManyFiles: MESSAGING_MSG.tooManyFiles(MESSAGE_LIMITS.maxFiles),
    unknownField: MESSAGING_MSG.unknownField,
    fileNameTooLong: MESSAGING_MSG.fileNameTooLong(MESSAGE_LIMITS.maxFileNameChars),
    badExtension: MESSAGING_MSG.badExtension,
    contentMismatch: MESSAGING_MSG.contentMismatch,
    tooLarge: MESSAGING_MSG.tooLarge,
    empty: MESSAGING_MSG.empty,
  },
  detect: fileTypeFromBuffer,
};
