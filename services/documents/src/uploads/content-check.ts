import { fileTypeFromBuffer } from 'file-type';
import { FILE_KINDS } from '@brokerage/contracts';

/** Bytes file-type needs to recognise every format we accept. */
export const SNIFF_BYTES = 4100;

/** True when the first bytes are really what the extension says (an .exe renamed .pdf is not). */
export async function contentMatchesExtension(head: Buffer, ext: string): Promise<boolean> {
  const expected = FILE_KINDS[ext]?.sniffed;
  if (!expected) return false;
  const found = await fileTypeFromBuffer(head);
  return !!found && expected.includes(found.ext);
}

/** The extension of a file name, lower case, with its dot ('' when none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot).toLowerCase();
}

/** The name as the user sent it, without any path and control characters. */
export function cleanFileName(raw: string | undefined): string {
  // browsers (HTML multipart rules) send " as %22 and line breaks as %0D / %0A
  const decoded = (raw ?? '').replace(/%22/g, '"').replace(/%0D|%0A/gi, ' ');
  const base = decoded.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'file';
}
