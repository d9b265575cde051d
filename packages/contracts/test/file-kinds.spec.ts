import { ALLOWED_EXTENSIONS, DUE_DILIGENCE_EXTENSIONS, FILE_KINDS, MESSAGE_ATTACHMENT_EXTENSIONS } from '@brokerage/contracts';

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
