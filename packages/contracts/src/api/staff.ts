import { offerParamsSchema, offersResponseSchema, recordOfferResponseSchema, recordOfferSchema } from '../buyer-activity.js';
import { activityQuerySchema, activityResponseSchema, deleteDocumentResponseSchema, docBuyerListingParamsSchema, docListingParamsSchema, documentIdParamsSchema, documentListSchema, documentPermissionBodySchema, documentPermissionResponseSchema, downloadQuerySchema, listingDocumentParamsSchema, revocationBodySchema, revocationListSchema, revocationResponseSchema, staffDocumentsQuerySchema, uploadResponseSchema } from '../documents.js';
import { ddBuyerListingParamsSchema, ddListingParamsSchema, DUE_DILIGENCE_MSG, dueDiligenceUploadResponseSchema, staffDueDiligenceViewSchema } from '../due-diligence.js';
import { listingIdParamsSchema, listingsQuerySchema } from '../listings.js';
import { needsAttentionResponseSchema } from '../needs-attention.js';
import { ndaVerifyResponseSchema } from '../ndas.js';
import { buyerListingParamsSchema, staffStepParamsSchema } from '../staff-views.js';
import { mergeQuestionSchema, questionListingParamsSchema, questionListSchema, questionParamsSchema, questionResponseSchema, QUESTION_LIMITS, releaseQuestionSchema } from '../questions.js';
import { AGENT, BROKER, clientIn, documentIn, listingIn, MULTIPART_UPLOAD, NOBODY, route } from './define.js';

const OFFERS = 'offers a broker or agent records for a buyer on a listing (buyer progress view; feed the seller\'s Buyer Activity): not shown';
const STEP_CHANGE = 'staff complete / reopen of a client\'s journey step (progress view): not shown';
const NEEDS_ATTENTION = 'the dashboard\'s "Needs attention" list (issue 19 §3): not shown';
const ACTIVITY = 'download audit per listing / per document, newest first, ?userId= (issue 8 §2 "Activity")';
const QA = 'due-diligence Q&A (issue 24 §3): not shown';
const NDA_VERIFY = 'staff check of a signed NDA\'s PDF against the hashes recorded when the listing\'s NDAs were filed (issue 24 §1): not shown';
const DATA_ROOM = 'per-document permission and per-buyer revocation of the data room (issue 23 §2): not shown';

/**
 * Part 3 §7: the broker's views and the agent's mirror of them (scoped to the listings assigned to the agent: another
 * listing answers 404). Completing or reopening a client's step is the broker's alone (agents keep read-only views).
 */
function staffApi<const A extends 'broker' | 'agent'>(area: A) {
  const roles = area === 'broker' ? BROKER : AGENT;
  const L = { service: 'listings', roles, spec: 'p3§7' } as const;
  const D = { service: 'documents', roles, spec: 'p3§7' } as const;
  const stepChange = (who: 'sellers' | 'buyers', act: 'complete' | 'reopen') => ({
    service: 'listings', roles: area === 'broker' ? BROKER : NOBODY, spec: 'p3§7', relation: 'client', object: clientIn('userId'), defined: STEP_CHANGE,
    summary: `${act === 'complete' ? 'Complete' : 'Reopen'} a step of the ${who === 'sellers' ? "seller's" : "buyer's"} journey on the listing (broker only; recorded with who and when).`,
  }) as const;
  return [
    route({ method: 'GET', path: `/${area}/dashboard`, ...L, relation: 'staff', summary: 'Staff dashboard: counts and recent activity.' }),
    route({ method: 'GET', path: `/${area}/needs-attention`, response: needsAttentionResponseSchema, ...L, relation: 'staff', defined: NEEDS_ATTENTION, summary: 'What needs attention on the listings in scope: NDAs signed awaiting approval, new client uploads, open due-diligence requests, idle journeys.' }),
    route({ method: 'GET', path: `/${area}/listings`, query: listingsQuerySchema, ...L, relation: 'staff', summary: 'Listings in scope, paged (?page, pageSize, status).' }),
    route({ method: 'GET', path: `/${area}/listings/:id`, params: listingIdParamsSchema, ...L, relation: 'listing', object: listingIn('id'), summary: 'One listing in scope.' }),
    route({ method: 'GET', path: `/${area}/sellers`, ...L, relation: 'staff', summary: 'Sellers of the listings in scope.' }),
    route({ method: 'GET', path: `/${area}/buyers`, ...L, relation: 'staff', summary: 'Buyers of the listings in scope.' }),
    route({ method: 'GET', path: `/${area}/listings/:listingId/progress`, params: listingIdParamsSchema, ...L, relation: 'listing', object: listingIn('listingId'), summary: "The seller's journey on the listing." }),
    route({ method: 'GET', path: `/${area}/buyers/:buyerId/listings/:listingId/progress`, params: buyerListingParamsSchema, ...L, relation: 'client', object: clientIn('buyerId'), summary: "The buyer's journey on the listing." }),
    route({ method: 'GET', path: `/${area}/buyers/:buyerId/listings/:listingId/offers`, params: offerParamsSchema, response: offersResponseSchema, ...L, relation: 'client', object: clientIn('buyerId'), defined: OFFERS, summary: "The buyer's offers on the listing, newest first." }),
    route({ method: 'POST', path: `/${area}/buyers/:buyerId/listings/:listingId/offers`, body: recordOfferSchema, params: offerParamsSchema, response: recordOfferResponseSchema, ...L, relation: 'client', object: clientIn('buyerId'), defined: OFFERS, summary: 'Record an offer of the buyer ({amount, date, note?}).' }),
    route({ method: 'POST', path: `/${area}/sellers/:userId/listings/:listingId/steps/:stepId/complete`, params: staffStepParamsSchema, ...stepChange('sellers', 'complete') }),
    route({ method: 'POST', path: `/${area}/sellers/:userId/listings/:listingId/steps/:stepId/reopen`, params: staffStepParamsSchema, ...stepChange('sellers', 'reopen') }),
    route({ method: 'POST', path: `/${area}/buyers/:userId/listings/:listingId/steps/:stepId/complete`, params: staffStepParamsSchema, ...stepChange('buyers', 'complete') }),
    route({ method: 'POST', path: `/${area}/buyers/:userId/listings/:listingId/steps/:stepId/reopen`, params: staffStepParamsSchema, ...stepChange('buyers', 'reopen') }),
    route({ method: 'GET', path: `/${area}/listings/:listingId/documents`, query: staffDocumentsQuerySchema, params: docListingParamsSchema, response: documentListSchema, ...D, relation: 'listing', object: listingIn('listingId'), summary: "The listing's documents (?type=, ?buyerId=)." }),
    route({ method: 'GET', path: `/${area}/listings/:listingId/seller-documents`, params: docListingParamsSchema, response: documentListSchema, ...D, relation: 'listing', object: listingIn('listingId'), summary: "The seller's documents of the listing." }),
    route({ method: 'GET', path: `/${area}/buyers/:buyerId/listings/:listingId/documents`, params: docBuyerListingParamsSchema, response: documentListSchema, ...D, relation: 'client', object: clientIn('buyerId'), summary: "The buyer's documents of the listing." }),
    route({ method: 'GET', path: `/${area}/buyers/:buyerId/listings/:listingId/due-diligence`, params: ddBuyerListingParamsSchema, response: staffDueDiligenceViewSchema, ...D, relation: 'client', object: clientIn('buyerId'), summary: "The buyer's due-diligence table plus the seller's files to pass on." }),
    route({ method: 'POST', path: `/${area}/listings/:listingId/documents`, params: docListingParamsSchema, response: uploadResponseSchema, ...D, relation: 'listing', object: listingIn('listingId'), ...MULTIPART_UPLOAD, summary: 'Upload documents to the listing (documentType, buyerId?, audience? before the files).' }),
    route({ method: 'POST', path: `/${area}/listings/:listingId/due-diligence/upload`, params: ddListingParamsSchema, response: dueDiligenceUploadResponseSchema, ...D, relation: 'listing', object: listingIn('listingId'), ...MULTIPART_UPLOAD, deniedMessage: DUE_DILIGENCE_MSG.onlyStaffUpload, summary: 'Upload due-diligence files for one buyer (documentName, buyerId before the files).' }),
    route({ method: 'DELETE', path: `/${area}/listings/:listingId/documents/:documentId`, params: listingDocumentParamsSchema, response: deleteDocumentResponseSchema, ...D, relation: 'document', object: documentIn('documentId'), summary: 'Delete a staff-uploaded or generated document.' }),
    route({ method: 'GET', path: `/${area}/documents/:documentId/download`, query: downloadQuerySchema, params: documentIdParamsSchema, ...D, relation: 'document', object: documentIn('documentId'), defined: 'staff download of a listing document (the url of its documents): not shown', summary: 'Download a document of a listing in scope.' }),
    route({ method: 'GET', path: `/${area}/listings/:listingId/questions`, params: questionListingParamsSchema, response: questionListSchema, ...D, spec: 'issue 24 §3', relation: 'listing', object: listingIn('listingId'), defined: QA, summary: "Every question of the listing, with its asker and history." }),
    route({ method: 'POST', path: `/${area}/listings/:listingId/questions/:questionId/route`, params: questionParamsSchema, response: questionResponseSchema, ...D, spec: 'issue 24 §3', relation: 'listing', object: listingIn('listingId'), defined: QA, summary: 'Route an open question to the seller (state With seller).' }),
    route({ method: 'POST', path: `/${area}/listings/:listingId/questions/:questionId/answer`, params: questionParamsSchema, response: questionResponseSchema, ...D, spec: 'issue 24 §3', relation: 'listing', object: listingIn('listingId'), multipart: true, bodyLimit: 'upload', maxFiles: QUESTION_LIMITS.maxAttachments, defined: QA, summary: 'Answer a question ({text} as JSON, or multipart: text, then optional files); state Answered.' }),
    route({ method: 'POST', path: `/${area}/listings/:listingId/questions/:questionId/merge`, body: mergeQuestionSchema, params: questionParamsSchema, response: questionResponseSchema, ...D, spec: 'issue 24 §3', relation: 'listing', object: listingIn('listingId'), defined: QA, summary: 'Merge a duplicate into another question of the listing ({intoQuestionId}); it follows that one.' }),
    route({ method: 'POST', path: `/${area}/listings/:listingId/questions/:questionId/release`, body: releaseQuestionSchema, params: questionParamsSchema, response: questionResponseSchema, ...D, spec: 'issue 24 §3', relation: 'listing', object: listingIn('listingId'), defined: QA, summary: 'Release the answer ({audience: ASKER | ALL}): to the asker(s) only, or to every buyer of the listing (FAQ).' }),
    route({ method: 'GET', path: `/${area}/listings/:listingId/activity`, query: activityQuerySchema, params: docListingParamsSchema, response: activityResponseSchema, ...D, relation: 'listing', object: listingIn('listingId'), defined: ACTIVITY, summary: "The listing's download audit (?userId=)." }),
    route({ method: 'PATCH', path: `/${area}/listings/:listingId/documents/:documentId/permission`, body: documentPermissionBodySchema, params: listingDocumentParamsSchema, response: documentPermissionResponseSchema, ...D, relation: 'document', object: documentIn('documentId'), defined: DATA_ROOM, summary: 'Set what buyers may do with the document: {permission: VIEW_ONLY | VIEW_AND_DOWNLOAD}.' }),
    route({ method: 'GET', path: `/${area}/listings/:listingId/revocations`, params: docListingParamsSchema, response: revocationListSchema, ...D, relation: 'listing', object: listingIn('listingId'), defined: DATA_ROOM, summary: "The buyers' revoked accesses on the listing (one document, or every document when documentId is null)." }),
    route({ method: 'POST', path: `/${area}/buyers/:buyerId/listings/:listingId/revoke`, body: revocationBodySchema, params: docBuyerListingParamsSchema, response: revocationResponseSchema, ...D, relation: 'client', object: clientIn('buyerId'), defined: DATA_ROOM, summary: "Revoke the buyer's access to one document ({documentId}) or to every document of the listing ({}); effective at once." }),
    route({ method: 'POST', path: `/${area}/buyers/:buyerId/listings/:listingId/restore`, body: revocationBodySchema, params: docBuyerListingParamsSchema, response: revocationResponseSchema, ...D, relation: 'client', object: clientIn('buyerId'), defined: DATA_ROOM, summary: "Restore the buyer's access to one document ({documentId}) or to the listing's documents ({})." }),
    route({ method: 'POST', path: `/${area}/listings/:listingId/ndas/verify`, params: docListingParamsSchema, response: ndaVerifyResponseSchema, ...D, relation: 'listing', object: listingIn('listingId'), multipart: true, bodyLimit: 'upload', maxFiles: 1, defined: NDA_VERIFY, summary: "Check a copy of a signed NDA's PDF (multipart, one .pdf file, nothing stored): {matches, message, signerName?, signedAt?}." }),
    route({ method: 'GET', path: `/${area}/documents/:documentId/activity`, query: activityQuerySchema, params: documentIdParamsSchema, response: activityResponseSchema, ...D, relation: 'document', object: documentIn('documentId'), defined: ACTIVITY, summary: "One document's download audit (?userId=)." }),
  ] as const;
}

export const STAFF_API = [...staffApi('broker'), ...staffApi('agent')] as const;
