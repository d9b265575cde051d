import { ALLOWED_EXTENSIONS, DOCUMENT_MSG, DUE_DILIGENCE_EXTENSIONS, FILE_KINDS, MAX_UPLOAD_FILE_BYTES, MESSAGE_ATTACHMENT_EXTENSIONS, MESSAGING_MSG, bodyTooLargeText, extensionOf, multipartBodyBytes, refusalOfChosenFile } from '@brokerage/contracts';

describe('FILE_KINDS: the one table of uploadable file kinds', () => {
  it('knows every extension that an upload route allows, so each is checked by content and served with its type', () => {
    const allowed = new Set([...ALLOWED_EXTENSIONS.AGREEMENT, ...ALLOWED_EXTENSIONS.DOCUMENTS, ...DUE_DILIGENCE_EXTENSIONS, ...MESSAGE_ATTACHMENT_EXTENSIONS]);
    for (const ext of allowed) {
      expect(FILE_KINDS[ext]?.contentType).toMatch(/^(application|image)\//);
      expect(FILE_KINDS[ext]?.sniffed.length).toBeGreaterThan(0);
    }
  });

  it('serves office documents with their own types and JPEG under both extensions', () => {
    expect(FILE_KINDS['.docx']!.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(FILE_KINDS['.xls']!.contentType).toBe('application/vnd.ms-excel');
    expect(FILE_KINDS['.jpg']).toEqual(FILE_KINDS['.jpeg']);
    expect(FILE_KINDS['.exe']).toBeUndefined();
  });
});

describe('refusalOfChosenFile: the browser\'s check when a file is chosen (the server\'s texts)', () => {
  const MB = 1024 * 1024;
  it('refuses a kind not allowed, an empty file and one over 25 MB; passes the rest', () => {
    expect(refusalOfChosenFile({ name: 'setup.exe', size: 10 }, MESSAGE_ATTACHMENT_EXTENSIONS, MESSAGING_MSG)).toBe(MESSAGING_MSG.badExtension('setup.exe', MESSAGE_ATTACHMENT_EXTENSIONS));
    expect(refusalOfChosenFile({ name: 'noext', size: 10 }, ALLOWED_EXTENSIONS.DOCUMENTS, DOCUMENT_MSG)).toBe(DOCUMENT_MSG.badExtension('noext', ALLOWED_EXTENSIONS.DOCUMENTS));
    expect(refusalOfChosenFile({ name: 'a.xlsx', size: 10 }, ALLOWED_EXTENSIONS.AGREEMENT, DOCUMENT_MSG)).toContain('file type not allowed');
    expect(refusalOfChosenFile({ name: 'empty.pdf', size: 0 }, ALLOWED_EXTENSIONS.DOCUMENTS, DOCUMENT_MSG)).toBe(DOCUMENT_MSG.empty('empty.pdf'));
    expect(refusalOfChosenFile({ name: 'Scan.PDF', size: 30 * MB }, ALLOWED_EXTENSIONS.DOCUMENTS, DOCUMENT_MSG)).toBe(DOCUMENT_MSG.tooLarge('Scan.PDF', 25));
    expect(refusalOfChosenFile({ name: 'Scan.PDF', size: MAX_UPLOAD_FILE_BYTES }, ALLOWED_EXTENSIONS.DOCUMENTS, DOCUMENT_MSG)).toBeNull();
    expect(extensionOf('.hidden')).toBe('');
  });

  it('a route\'s body total: its files × 25 MB plus room for the fields', () => {
    expect(multipartBodyBytes(1)).toBeGreaterThan(MAX_UPLOAD_FILE_BYTES);
    expect(multipartBodyBytes(1)).toBeLessThan(MAX_UPLOAD_FILE_BYTES + 2 * MB);
    expect(multipartBodyBytes(100)).toBeGreaterThan(100 * MAX_UPLOAD_FILE_BYTES);
    expect(bodyTooLargeText(10)).toBe('This upload is too large: send at most 10 files of at most 25 MB each');
  });
});
