import type { DocumentDto } from '@brokerage/contracts';
import { PNG, pdfFile } from './files.js';
import { as, type DocsCtx, type Who } from './docs-app.js';

const AREA: Record<Who, string> = { broker: 'broker', agent: 'agent', otherAgent: 'agent', seller: 'seller', otherSeller: 'seller', buyer: 'buyer', otherBuyer: 'buyer' };

/** Uploads one file through the caller's own listing-documents route; answers the stored document. */
export async function uploadAs(
  ctx: DocsCtx,
  who: Who,
  listingId: string,
  fields: Record<string, string>,
  file: { name: string; bytes?: Buffer } = { name: 'file.pdf' },
): Promise<DocumentDto> {
  let req = ctx.http.post(`/${AREA[who]}/listings/${listingId}/documents`).set(as(who));
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  const bytes = file.bytes ?? (file.name.endsWith('.png') ? PNG : await pdfFile(file.name));
  const res = await req.attach('file', bytes, file.name);
  if (res.status !== 201) throw new Error(`upload as ${who}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.document as DocumentDto;
}

export const names = (body: { documents: Array<{ fileName: string }> }) => body.documents.map((d) => d.fileName).sort();
