import { createHash } from 'node:crypto';
import net from 'node:net';
import { DOCUMENT_MSG } from '@brokerage/contracts';
import { EXE, OLE_DOC, PNG, pdfFile, pdfLike } from './support/files.js';
import { LISTING, as, objects, reset, rowCount, startDocs, type DocsCtx } from './support/docs-app.js';

const MAX = 6 * 1024 * 1024; // files of several S3 parts (multipart): upload-parts.spec.ts

describe('the upload pipeline: streamed to S3, checked, all or nothing', () => {
  let ctx: DocsCtx;
  beforeAll(async () => {
    ctx = await startDocs({ UPLOAD_MAX_FILE_BYTES: String(MAX) });
  });
  afterAll(() => ctx.close());
  beforeEach(() => reset(ctx));

  const sellerUpload = () => ctx.http.post(`/seller/listings/${LISTING}/documents`).set(as('seller'));

  it('stores each file under a generated key with its size and sha256, the original name kept as metadata only', async () => {
    const pdf = await pdfFile();
    const res = await sellerUpload().field('documentType', 'FINANCIAL_DOCUMENTS').field('stepId', '4')
      .attach('file', pdf, 'P&L 2024.pdf').attach('file', PNG, 'photo.PNG').attach('file', OLE_DOC, 'old.xls');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('3 files uploaded successfully');
    expect(res.body.documents.map((d: { fileName: string }) => d.fileName).sort()).toEqual(['P&L 2024.pdf', 'old.xls', 'photo.PNG']);
    const doc = res.body.documents.find((d: { fileName: string }) => d.fileName === 'P&L 2024.pdf');
    expect(doc).toMatchObject({
      fileSize: pdf.length, type: 'FINANCIAL_DOCUMENTS', stepId: 4, category: 'SELLER_UPLOAD', operationType: 'UPLOAD',
      uploader: { name: 'Sam Seller', role: 'SELLER' }, listingId: LISTING, buyerId: null, contentType: 'application/pdf',
      sha256: createHash('sha256').update(pdf).digest('hex'), url: `/api/seller/download-document/${doc.id}`,
    });
    const keys = await objects(ctx);
    expect(keys).toHaveLength(3);
    for (const k of keys) expect(k).toMatch(new RegExp(`^listings/${LISTING}/[0-9a-f-]{36}$`));
  });

  it('a file at the size limit streams through intact', async () => {
    const big = pdfLike(MAX - 10);
    const res = await sellerUpload().field('documentType', 'DUE_DILIGENCE').attach('file', big, 'ledger.pdf');
    expect(res.status).toBe(201);
    expect(res.body.document.sha256).toBe(createHash('sha256').update(big).digest('hex'));
    const dl = await ctx.http.get(`/seller/download-document/${res.body.document.id}`).set(as('seller')).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(dl.status).toBe(200);
    expect(Buffer.compare(dl.body as Buffer, big)).toBe(0);
  });

  const refused = async (build: () => Promise<{ status: number; body: { message: string } }>, status: number, message: string) => {
    const res = await build();
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await rowCount(ctx)).toBe(0);
    expect(await objects(ctx)).toEqual([]);
  };

  it('a file type outside the allow-list is refused, naming the file (agreements: pdf/doc/docx only)', async () => {
    await refused(() => sellerUpload().field('documentType', 'LISTING_AGREEMENT').attach('file', PNG, 'signed.png'), 400,
      DOCUMENT_MSG.badExtension('signed.png', ['.pdf', '.doc', '.docx']));
    await refused(() => sellerUpload().field('documentType', 'UPLOADED_DOC').attach('file', EXE, 'tool.exe'), 400,
      DOCUMENT_MSG.badExtension('tool.exe', ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.jpg', '.jpeg', '.png']));
  });

  it('disguised content (an .exe renamed .pdf) is refused by its magic bytes', async () => {
    await refused(() => sellerUpload().field('documentType', 'UPLOADED_DOC').attach('file', EXE, 'invoice.pdf'), 400, DOCUMENT_MSG.contentMismatch('invoice.pdf'));
    await refused(() => sellerUpload().attach('file', PNG, 'scan.doc'), 400, DOCUMENT_MSG.contentMismatch('scan.doc'));
  });

  it('one bad file among good ones stores none of them (the good ones already in S3 are removed)', async () => {
    const pdf = await pdfFile();
    await refused(
      () => sellerUpload().field('documentType', 'UPLOADED_DOC').attach('file', pdf, 'a.pdf').attach('file', PNG, 'b.png').attach('file', EXE, 'c.pdf'),
      400, DOCUMENT_MSG.contentMismatch('c.pdf'),
    );
  });

  it('a file over the size limit is refused (413) and nothing is kept', async () => {
    await refused(() => sellerUpload().attach('file', pdfLike(MAX + 1), 'huge.pdf'), 413, DOCUMENT_MSG.tooLarge('huge.pdf', 6));
  });

  it('an empty file is refused', async () => {
    await refused(() => sellerUpload().attach('file', Buffer.alloc(0), 'empty.pdf'), 400, DOCUMENT_MSG.empty('empty.pdf'));
  });

  it('101 files are refused; 100 are accepted', async () => {
    let req = sellerUpload();
    for (let i = 0; i < 101; i++) req = req.attach('file', PNG, `p${i}.png`);
    await refused(() => req, 400, DOCUMENT_MSG.tooManyFiles);
    let ok = sellerUpload();
    for (let i = 0; i < 100; i++) ok = ok.attach('file', PNG, `p${i}.png`);
    const res = await ok;
    expect(res.status).toBe(201);
    expect(res.body.documents).toHaveLength(100);
    expect(await objects(ctx)).toHaveLength(100);
  });

  it('no file, a JSON body, a field after a file, a bad field value: 400 and nothing stored', async () => {
    await refused(() => sellerUpload().field('documentType', 'UPLOADED_DOC'), 400, DOCUMENT_MSG.noFiles);
    await refused(() => sellerUpload().send({ documentType: 'UPLOADED_DOC' }), 400, DOCUMENT_MSG.notMultipart);
    await refused(() => sellerUpload().attach('file', PNG, 'a.png').field('documentType', 'UPLOADED_DOC'), 400, DOCUMENT_MSG.fieldAfterFile);
    await refused(() => sellerUpload().field('documentType', 'NOPE').attach('file', PNG, 'a.png'), 400, DOCUMENT_MSG.typeRequired);
    await refused(() => sellerUpload().field('documentType', 'CBR_CIM').attach('file', PNG, 'a.png'), 400, DOCUMENT_MSG.typeNotAllowed);
  });

  /** Sends raw bytes on a socket; resolves with the status line (or '' when the server closed without an answer). */
  const raw = (head: string, body: Buffer, end: 'finish' | 'cut') =>
    new Promise<string>((resolve) => {
      const s = net.connect(ctx.port, '127.0.0.1', () => {
        s.write(head);
        s.write(body);
        if (end === 'cut') setTimeout(() => s.destroy(), 300);
      });
      let got = '';
      s.on('data', (d) => (got += d.toString()));
      s.on('close', () => resolve(got.split('\r\n')[0] ?? ''));
      s.on('error', () => resolve(got.split('\r\n')[0] ?? ''));
    });
  const headers = (boundary: string, length: number) =>
    `POST /seller/listings/${LISTING}/documents HTTP/1.1\r\nHost: x\r\n${Object.entries(as('seller')).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

  it('a broken multipart body (cut before its closing boundary) is 400 and stores nothing', async () => {
    const b = 'XBOUNDARY';
    const body = Buffer.concat([
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${b}\r\nContent-Disposition: form-data; name="file"; filename="b.png"\r\n\r\n`),
      PNG,
    ]);
    const status = await raw(headers(b, body.length), body, 'finish');
    expect(status).toBe('HTTP/1.1 400 Bad Request');
    expect(await rowCount(ctx)).toBe(0);
    expect(await objects(ctx)).toEqual([]);
  });

  it('a client that disconnects mid-upload leaves no row and no object (not even after the first file was stored)', async () => {
    const b = 'YBOUNDARY';
    const pdf = await pdfFile();
    const body = Buffer.concat([
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="first.pdf"\r\n\r\n`),
      pdf,
      Buffer.from(`\r\n--${b}\r\nContent-Disposition: form-data; name="file"; filename="second.pdf"\r\n\r\n`),
      pdfLike(2 * 1024 * 1024),
    ]);
    // announces 5 MB more than it sends, then goes away
    await raw(headers(b, body.length + 5 * 1024 * 1024), body, 'cut');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await rowCount(ctx)).toBe(0);
    expect(await objects(ctx)).toEqual([]);
  });
});
