import { EXE, PNG, pdfFile } from './support/files.js';
import { ID, LISTING, as, reset, type DocsCtx, type Who } from './support/docs-app.js';

export { EXE, PNG };
export const NAMES = {
  fin: 'Financial Statements (3 years)',
  tax: 'Tax Returns (2 years)',
  lease: 'Lease Agreements',
} as const;

/** reset() of the documents tests plus the due-diligence requests. */
export async function resetDd(ctx: DocsCtx): Promise<void> {
  await reset(ctx);
  await ctx.ds.query('TRUNCATE documents.due_diligence_requests');
}

export const request = (ctx: DocsCtx, who: Who, documentName: string, requested = true, listingId: string = LISTING) =>
  ctx.http.post(`/buyer/listings/${listingId}/due-diligence/request`).set(as(who)).send({ documentName, requested });

/** A staff due-diligence upload (multipart fields before the file). */
export async function staffUpload(
  ctx: DocsCtx,
  who: Who,
  o: { area?: 'broker' | 'agent'; listingId?: string; documentName?: string; buyerId?: string; fileName?: string; bytes?: Buffer; extra?: Record<string, string> } = {},
) {
  const area = o.area ?? (who === 'agent' || who === 'otherAgent' ? 'agent' : 'broker');
  let req = ctx.http.post(`/${area}/listings/${o.listingId ?? LISTING}/due-diligence/upload`).set(as(who));
  const fields: Record<string, string> = {
    ...(o.documentName === undefined ? { documentName: NAMES.fin } : o.documentName === '' ? {} : { documentName: o.documentName }),
    documentType: 'DUE_DILIGENCE',
    stepId: '7',
    ...(o.buyerId === '' ? {} : { buyerId: o.buyerId ?? ID.buyer }),
    ...o.extra,
  };
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  const fileName = o.fileName ?? 'statements.pdf';
  const bytes = o.bytes ?? (fileName.endsWith('.png') ? PNG : await pdfFile(fileName));
  return req.attach('file', bytes, fileName);
}

/** A seller due-diligence upload: /seller/listings/{id}/due-diligence/{docType}/upload, or /seller/due-diligence without docType. */
export async function sellerUpload(ctx: DocsCtx, who: Who, o: { docType?: string; listingId?: string; fileName?: string; fields?: Record<string, string> } = {}) {
  const path = o.docType === undefined ? '/seller/due-diligence' : `/seller/listings/${o.listingId ?? LISTING}/due-diligence/${encodeURIComponent(o.docType)}/upload`;
  let req = ctx.http.post(path).set(as(who));
  for (const [k, v] of Object.entries(o.fields ?? {})) req = req.field(k, v);
  const fileName = o.fileName ?? 'seller-ledger.pdf';
  return req.attach('file', await pdfFile(fileName), fileName);
}

/** Outbox rows of the buyer step-7 event (what the relay sends to listings). */
export async function ddOutbox(ctx: DocsCtx): Promise<Array<{ userId: string; listingId: string; stepId: number; source: string }>> {
  const rows: Array<{ payload: { userId: string; listingId: string; stepId: number; source: string } }> = await ctx.ds.query(
    `SELECT payload FROM documents.outbox WHERE payload->>'source' = 'documents.due-diligence-complete' ORDER BY created_at`,
  );
  return rows.map((r) => r.payload);
}

export const statusOf = (body: { items: Array<{ documentName: string; status: string }> }, name: string) =>
  body.items.find((i) => i.documentName === name)?.status;
