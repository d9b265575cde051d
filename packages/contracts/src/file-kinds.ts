/**
 * Every kind of file a user may upload (documents, due diligence, message attachments), by extension: the
 * Content-Type it is stored and served with, and what file-type's detection of its first bytes may call it (.doc and
 * .xls are OLE compound files, .docx and .xlsx zip containers that file-type names when it can see inside).
 */
export const FILE_KINDS: Readonly<Record<string, { contentType: string; sniffed: readonly string[] }>> = {
  '.pdf': { contentType: 'application/pdf', sniffed: ['pdf'] },
  '.doc': { contentType: 'application/msword', sniffed: ['cfb'] },
  '.xls': { contentType: 'application/vnd.ms-excel', sniffed: ['cfb'] },
  '.docx': { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sniffed: ['docx', 'zip'] },
  '.xlsx': { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sniffed: ['xlsx', 'zip'] },
  '.jpg': { contentType: 'image/jpeg', sniffed: ['jpg'] },
  '.jpeg': { contentType: 'image/jpeg', sniffed: ['jpg'] },
  '.png': { contentType: 'image/png', sniffed: ['png'] },
};

/** The most a single uploaded file may weigh, everywhere (documents, due diligence, message attachments). */
export const MAX_UPLOAD_FILE_BYTES = 25 * 1024 * 1024;

/** The extension of a file name, lower case, with its dot ('' when none): what FILE_KINDS and the allow-lists key on. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot).toLowerCase();
}

/** The content types of some extensions (FILE_KINDS), for a file picker's filter: {'application/pdf': ['.pdf'], …}. */
export function pickerAcceptOf(extensions: readonly string[]): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const ext of extensions) {
    const kind = FILE_KINDS[ext];
    if (kind) (accept[kind.contentType] ??= []).push(ext);
  }
  return accept;
}

/** A route family's refusal texts (contracts DOCUMENT_MSG, MESSAGING_MSG): the browser shows the server's words. */
export interface ChosenFileTexts {
  badExtension: (file: string, allowed: readonly string[]) => string;
  tooLarge: (file: string, mb: number) => string;
  empty: (file: string) => string;
}

/**
 * Why a file the user just chose would be refused (its kind not allowed, empty, over the size limit), in the server's
 * words, or null: the upload widgets check this when a file is chosen, before any byte is sent (the server checks the
 * same again, and the real content).
 */
export function refusalOfChosenFile(
  file: { name: string; size: number },
  allowed: readonly string[],
  texts: ChosenFileTexts,
  maxBytes: number = MAX_UPLOAD_FILE_BYTES,
): string | null {
  const ext = extensionOf(file.name);
  if (!allowed.includes(ext) || !FILE_KINDS[ext]) return texts.badExtension(file.name, allowed);
  if (file.size === 0) return texts.empty(file.name);
  if (file.size > maxBytes) return texts.tooLarge(file.name, Math.round(maxBytes / (1024 * 1024)));
  return null;
}

/**
 * Room for a multipart request's text fields and part headers beside its files: 1 MB, plus 64 KB per file (headers
 * with a 255-character name and the boundaries are far less).
 */
export const MULTIPART_FIELDS_BYTES = 1024 * 1024;
export const MULTIPART_PART_OVERHEAD_BYTES = 64 * 1024;

/** The largest body a multipart route takes: its files × 25 MB plus the fields. */
export const multipartBodyBytes = (maxFiles: number): number =>
  maxFiles * (MAX_UPLOAD_FILE_BYTES + MULTIPART_PART_OVERHEAD_BYTES) + MULTIPART_FIELDS_BYTES;

/** The gateway's 413 for a body declared larger than its route takes (Content-Length), before a byte is read. */
export const bodyTooLargeText = (maxFiles: number): string =>
  maxFiles === 1
    ? `This upload is too large: send one file of at most ${MAX_UPLOAD_FILE_BYTES / (1024 * 1024)} MB`
    : `This upload is too large: send at most ${maxFiles} files of at most ${MAX_UPLOAD_FILE_BYTES / (1024 * 1024)} MB each`;
