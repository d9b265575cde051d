import { FILE_KINDS } from '@brokerage/contracts';

/** Bytes file-type needs to recognise every format we accept. */
export const SNIFF_BYTES = 4100;

/**
 * What the first bytes really are: file-type's `fileTypeFromBuffer`, passed in by the service (each service depends
 * on file-type itself; this package does not).
 */
export type ContentDetector = (head: Uint8Array) => Promise<{ ext: string } | undefined>;

/** True when the first bytes are really what the extension says (an .exe renamed .pdf is not), per FILE_KINDS. */
export async function contentMatchesExtension(head: Buffer, ext: string, detect: ContentDetector): Promise<boolean> {
  const expected = FILE_KINDS[ext]?.sniffed;
  if (!expected) return false;
  const found = await detect(head);
  return !!found && expected.includes(found.ext);
}

/** The extension of a file name (contracts' one: the browser checks a chosen file with it too). */
export { extensionOf } from '@brokerage/contracts';

/** The name as the user sent it, without any path and control characters. */
export function cleanFileName(raw: string | undefined): string {
  // browsers (HTML multipart rules) send " as %22 and line breaks as %0D / %0A
  const decoded = (raw ?? '').replace(/%22/g, '"').replace(/%0D|%0A/gi, ' ');
  const base = decoded.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'file';
}
