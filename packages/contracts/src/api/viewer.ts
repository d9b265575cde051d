import { viewerDocumentSchema, viewerPageParamsSchema, viewerPageQuerySchema, viewerPagesParamsSchema, viewerPageTextSchema } from '../viewer.js';
import { AGENT, BROKER, BUYER, documentIn, route, SELLER } from './define.js';

const VIEWER = 'the in-portal document viewer (issue 23 §1): page count, page images and text layer of a watermarked copy; not shown';

/** The viewer's three calls under each role's area (the document's own rule: its listing's parties, a buyer past its step). */
function viewerApi<const A extends 'seller' | 'buyer' | 'broker' | 'agent'>(area: A) {
  const roles = { seller: SELLER, buyer: BUYER, broker: BROKER, agent: AGENT }[area];
  const D = { service: 'documents', roles, spec: area === 'seller' || area === 'buyer' ? 'p2§7' : 'p3§7', relation: 'document', object: documentIn('documentId'), defined: VIEWER } as const;
  return [
    route({ method: 'GET', path: `/${area}/documents/:documentId/pages`, params: viewerPagesParamsSchema, response: viewerDocumentSchema, ...D, summary: 'The page count of a PDF the caller may view.' }),
    route({ method: 'GET', path: `/${area}/documents/:documentId/pages/:page`, params: viewerPageParamsSchema, query: viewerPageQuerySchema, ...D, summary: 'Page n (from 1) as an image of a copy watermarked with the viewer\'s name, e-mail and the date (?size=thumbnail|page|large): a grey page a 4-bit greyscale PNG, a page with colour a JPEG (Content-Type says which).' }),
    route({ method: 'GET', path: `/${area}/documents/:documentId/pages/:page/text`, params: viewerPageParamsSchema, response: viewerPageTextSchema, ...D, summary: 'Page n\'s words with their boxes (fractions of the page), from the same watermarked copy: the viewer\'s selectable text layer.' }),
  ] as const;
}

export const VIEWER_API = [...viewerApi('seller'), ...viewerApi('buyer'), ...viewerApi('broker'), ...viewerApi('agent')] as const;
