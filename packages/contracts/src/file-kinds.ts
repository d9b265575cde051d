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
