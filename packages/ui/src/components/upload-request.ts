import { sendMultipart, serverMessage } from '@brokerage/api-client';
import { DOCUMENT_MSG } from '@brokerage/contracts/documents';

/*
 * One file's multipart upload with its progress: api-client's sendMultipart (XMLHttpRequest, with apiFetch's rules:
 * address, own origin, session token, 401).
 */

export { apiUrl, sendMultipart, UPLOAD_CANCELED, type MultipartOptions } from '@brokerage/api-client';

export interface UploadRequest {
  /** API path (`/broker/listings/{id}/documents`) or an absolute address. */
  path: string;
  /** Text fields, sent before the file (the service reads the fields first). */
  fields?: Record<string, string | undefined>;
  file: File;
  /** Form field of the file (default `file`). */
  fileField?: string;
  /** 0..100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** The spec's upload alerts (part 2 §5, part 3 §8): the server's message when it gave one. */
export const UPLOAD_TEXT = {
  failed: (message?: string) => (message ? `Upload failed: ${message}` : 'Upload failed. Please try again.'),
  noListing: DOCUMENT_MSG.noListing,
  agreementHint: 'up to 10MB',
  documentsHint: 'Select up to 100 files',
} as const;

/** "Upload failed: {server message}" or "Upload failed. Please try again." for an error of uploadFile. */
export function uploadFailedText(err: unknown): string {
  return UPLOAD_TEXT.failed(serverMessage(err));
}

/** Sends one file; resolves with the parsed JSON answer, rejects with ApiError (status 0: no answer or canceled). */
export function uploadFile<T = unknown>({ path, fields = {}, file, fileField = 'file', onProgress, signal }: UploadRequest): Promise<T> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== '') form.append(k, v);
  form.append(fileField, file, file.name);
  return sendMultipart<T>(path, form, { onBytes: (loaded, total) => onProgress?.(Math.min(100, (loaded / total) * 100)), signal });
}
