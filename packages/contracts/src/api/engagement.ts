import { engagementParamsSchema, engagementReportSchema, listingEngagementParamsSchema, listingEngagementSchema, myEngagementSchema } from '../engagement.js';
import { AGENT, BROKER, BUYER, documentIn, listingIn, route } from './define.js';

const ENGAGEMENT = 'page-level engagement (issue 23 §3): time per page reported by the in-portal viewer; not shown';

function staffEngagement<const A extends 'broker' | 'agent'>(area: A) {
  return route({
    method: 'GET', path: `/${area}/listings/:listingId/engagement`, service: 'documents', roles: area === 'broker' ? BROKER : AGENT, relation: 'listing', object: listingIn('listingId'),
    params: listingEngagementParamsSchema, response: listingEngagementSchema, spec: 'p3§7', defined: ENGAGEMENT,
    summary: "Per buyer of the listing: documents opened, first and last view, total time and seconds per page (the viewer's reports).",
  });
}

export const ENGAGEMENT_API = [
  route({
    method: 'POST', path: '/buyer/documents/:documentId/engagement', service: 'documents', roles: BUYER, relation: 'document', object: documentIn('documentId'),
    params: engagementParamsSchema, body: engagementReportSchema, spec: 'p2§7', defined: ENGAGEMENT,
    summary: 'The viewer reports {pages: [{page, ms}]} (≤ 50 pages, ≤ 10 min in all) for a document the buyer may view; 204.',
  }),
  route({
    method: 'GET', path: '/buyer/engagement', service: 'documents', roles: BUYER, relation: 'self', response: myEngagementSchema, spec: 'p2§7', defined: ENGAGEMENT,
    summary: 'What the viewer recorded about the caller: per listing, documents opened, first and last view, time per page.',
  }),
  staffEngagement('broker'),
  staffEngagement('agent'),
] as const;
