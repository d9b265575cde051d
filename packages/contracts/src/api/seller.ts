import { buyerActivityResponseSchema } from '../buyer-activity.js';
import { documentTagBodySchema } from '../document-tags.js';
import { deleteDocumentResponseSchema, docListingParamsSchema, documentIdParamsSchema, documentListSchema, documentTagResponseSchema, downloadQuerySchema, idDocumentParamsSchema, listingDocumentParamsSchema, optionalListingQuerySchema, providedDocumentSchema, stepDocumentSchema, stepDownloadSchema, stepParamsSchema, stepUploadSchema, uploadResponseSchema } from '../documents.js';
import { ddDocTypeParamsSchema, ddIdParamsSchema, ddListingDocumentParamsSchema, dueDiligenceUploadResponseSchema, sellerDueDiligenceRequestsSchema, sellerDueDiligenceViewSchema } from '../due-diligence.js';
import { questionnaireBodySchema } from '../forms.js';
import { stepIdBodySchema, updateStepSchema } from '../journeys.js';
import { listingAgreementResponseSchema, listingAgreementUploadResponseSchema } from '../listing-agreement.js';
import { buyerIdBodySchema, listingIdParamSchema, listingIdParamsSchema, selectListingSchema } from '../listings.js';
import { questionListingParamsSchema, questionListSchema, questionParamsSchema, questionResponseSchema, QUESTION_LIMITS } from '../questions.js';
import { documentIn, LISTING, listingIn, MULTIPART_UPLOAD, route, SELLER } from './define.js';

const QA = 'due-diligence Q&A (issue 24 §3): not shown';

/** Seller journey steps (ids, contracts journeys.ts) the writes below act on. */
const STEP = { listingAgreement: 2, questionnaire: 3, financials: 4, buyerActivity: 5, purchaseAgreement: 6, dueDiligence: 7 } as const;
const L = { service: 'listings', roles: SELLER, spec: 'p2§7' } as const;
const D = { service: 'documents', roles: SELLER, spec: 'p2§7' } as const;

/** Part 2 §7: the seller's portal (listings and documents services). */
export const SELLER_API = [
  route({ method: 'GET', path: '/seller/dashboard', ...L, relation: 'self', summary: "The seller's dashboard." }),
  route({ method: 'GET', path: '/seller/progress', ...L, relation: 'self', summary: "The seller's journey on their selected listing." }),
  route({ method: 'GET', path: '/seller/current-listing', ...L, relation: 'self', summary: "The seller's selected listing." }),
  route({ method: 'GET', path: '/seller/listings', ...L, relation: 'self', summary: "The seller's listings." }),
  route({ method: 'GET', path: '/seller/listings/:id', params: listingIdParamsSchema, ...L, relation: 'listing', object: listingIn('id'), summary: 'One of the seller\'s listings.' }),
  route({ method: 'GET', path: '/seller/listings/:id/interested-buyers', params: listingIdParamsSchema, ...L, relation: 'listing', object: listingIn('id'), summary: 'The buyers interested in the listing.' }),
  route({ method: 'GET', path: '/seller/listing-buyers', ...L, relation: 'self', summary: "The buyers of every listing of the seller's." }),
  route({ method: 'GET', path: '/seller/questionnaire', ...L, relation: 'self', summary: "The seller's questionnaire on the selected listing (draft or submitted)." }),
  route({ method: 'POST', path: '/seller/update-step', body: updateStepSchema, ...L, relation: 'self', summary: 'Complete (or reopen) a hand-completed step of the selected listing\'s journey ({stepId, completed}); the step comes from the body.' }),
  route({ method: 'POST', path: '/seller/listings/:id/approve-buyer', body: buyerIdBodySchema, params: listingIdParamsSchema, ...L, relation: 'listing', object: listingIn('id'), step: STEP.buyerActivity, summary: 'Approve an interested buyer ({buyerId}).' }),
  route({ method: 'POST', path: '/seller/listings/:id/reject-buyer', body: buyerIdBodySchema, params: listingIdParamsSchema, ...L, relation: 'listing', object: listingIn('id'), step: STEP.buyerActivity, summary: 'Reject an interested buyer ({buyerId}): they lose access at once.' }),
  route({ method: 'POST', path: '/seller/select-listing', body: selectListingSchema, ...L, relation: 'self', summary: 'Select one of the seller\'s listings ({listingId}); completes step 0.' }),
  route({ method: 'POST', path: '/seller/mark-step-completed', body: stepIdBodySchema, ...L, relation: 'self', summary: 'Complete a hand-completed step ({stepId}) of the selected listing\'s journey.' }),
  route({ method: 'POST', path: '/seller/mark-step-incomplete', body: stepIdBodySchema, ...L, relation: 'self', summary: 'Reopen the pre-close toggle step ({stepId}).' }),
  route({ method: 'POST', path: '/seller/questionnaire/save', body: questionnaireBodySchema, ...L, relation: 'self', step: STEP.questionnaire, summary: 'Save the questionnaire as a draft.' }),
  route({ method: 'POST', path: '/seller/questionnaire/submit', body: questionnaireBodySchema, ...L, relation: 'self', step: STEP.questionnaire, summary: 'Submit the questionnaire: completes step 3 and files its PDF.' }),
  route({ method: 'GET', path: '/seller/listings/:listingId/buyer-activity', params: listingIdParamSchema, response: buyerActivityResponseSchema, ...L, spec: 'p2§2', relation: 'listing', object: listingIn('listingId'), defined: 'buyer activity table (Step 6) without sample data (deviation 5); not shown', summary: "The listing's buyer activity: stats and one row per buyer." }),
  route({ method: 'GET', path: '/seller/documents', query: optionalListingQuerySchema, response: documentListSchema, ...D, relation: 'listing', object: LISTING, summary: 'The seller\'s documents of the selected listing (?listingId=).' }),
  route({ method: 'GET', path: '/seller/listing-agreement', query: optionalListingQuerySchema, response: listingAgreementResponseSchema, ...D, relation: 'listing', object: LISTING, summary: 'The listing agreement staff provided, the signed copies and the agreement object.' }),
  route({ method: 'GET', path: '/seller/purchase-agreement', query: optionalListingQuerySchema, response: providedDocumentSchema, ...D, relation: 'listing', object: LISTING, summary: 'The purchase agreement staff provided and the signed copies.' }),
  route({ method: 'GET', path: '/seller/closing-documents', query: optionalListingQuerySchema, response: documentListSchema, ...D, relation: 'listing', object: LISTING, summary: 'The closing documents of the selected listing.' }),
  route({ method: 'GET', path: '/seller/download-document/:id', query: downloadQuerySchema, params: idDocumentParamsSchema, ...D, relation: 'document', object: documentIn('id'), summary: 'Download a document (Range; ?disposition=inline to view).' }),
  route({ method: 'GET', path: '/seller/step/:id/documents', query: optionalListingQuerySchema, params: stepParamsSchema, response: documentListSchema, ...D, relation: 'listing', object: LISTING, summary: "The documents of one journey step (path id) on the selected listing." }),
  route({ method: 'GET', path: '/seller/listings/:listingId/documents', params: docListingParamsSchema, response: documentListSchema, ...D, relation: 'listing', object: listingIn('listingId'), summary: 'The documents of the listing the seller may see.' }),
  route({ method: 'GET', path: '/seller/listings/:listingId/broker-documents', params: docListingParamsSchema, response: documentListSchema, ...D, relation: 'listing', object: listingIn('listingId'), summary: 'The documents staff provided to the seller on the listing.' }),
  route({ method: 'GET', path: '/seller/listings/:listingId/questions', params: questionListingParamsSchema, response: questionListSchema, ...D, spec: 'issue 24 §3', relation: 'listing', object: listingIn('listingId'), defined: QA, summary: 'The questions routed to the seller (or answered by them), without buyer identities.' }),
  route({ method: 'POST', path: '/seller/listings/:listingId/questions/:questionId/answer', params: questionParamsSchema, response: questionResponseSchema, ...D, spec: 'issue 24 §3', relation: 'listing', object: listingIn('listingId'), multipart: true, bodyLimit: 'upload', maxFiles: QUESTION_LIMITS.maxAttachments, defined: QA, summary: 'Answer a question routed to the seller ({text} as JSON, or multipart: text, then optional files).' }),
  route({ method: 'GET', path: '/seller/due-diligence', response: sellerDueDiligenceViewSchema, ...D, relation: 'listing', object: LISTING, summary: "Due diligence of the selected listing: the buyers' requests (no identities) and the seller's files." }),
  route({ method: 'GET', path: '/seller/listings/:id/due-diligence/requests', params: ddIdParamsSchema, response: sellerDueDiligenceRequestsSchema, ...D, relation: 'listing', object: listingIn('id'), summary: 'Requested due-diligence documents with the count of buyers waiting.' }),
  route({ method: 'POST', path: '/seller/documents/upload', response: uploadResponseSchema, ...D, relation: 'listing', object: LISTING, ...MULTIPART_UPLOAD, summary: 'Upload files to the selected listing (form listingId, documentType, stepId, tag before the files); the step comes from the form.' }),
  route({ method: 'POST', path: '/seller/listings/:listingId/documents', params: docListingParamsSchema, response: uploadResponseSchema, ...D, relation: 'listing', object: listingIn('listingId'), ...MULTIPART_UPLOAD, summary: 'Upload files to the listing; the step comes from the form.' }),
  route({ method: 'POST', path: '/seller/listings/:id/due-diligence/:docType/upload', params: ddDocTypeParamsSchema, response: dueDiligenceUploadResponseSchema, ...D, relation: 'listing', object: listingIn('id'), step: STEP.dueDiligence, ...MULTIPART_UPLOAD, summary: 'Upload due-diligence files under one of the 16 names (path docType).' }),
  route({ method: 'POST', path: '/seller/step/:id/upload', body: stepUploadSchema, params: stepParamsSchema, ...D, relation: 'listing', object: LISTING, summary: 'Record a step upload (the step is the path id).' }),
  route({ method: 'POST', path: '/seller/step/:id/download', body: stepDownloadSchema, params: stepParamsSchema, response: stepDocumentSchema, ...D, relation: 'listing', object: LISTING, summary: "Record the download of a step's document (the step is the path id)." }),
  route({ method: 'POST', path: '/seller/listing-agreement', query: optionalListingQuerySchema, response: listingAgreementUploadResponseSchema, ...D, relation: 'listing', object: LISTING, step: STEP.listingAgreement, ...MULTIPART_UPLOAD, defined: 'body "the agreement object" (fields not shown): the signed copy as multipart (file), answers {message, agreement}', summary: 'Upload the signed listing agreement (multipart file, ?listingId=): completes step 2.' }),
  route({ method: 'POST', path: '/seller/due-diligence', response: dueDiligenceUploadResponseSchema, ...D, relation: 'listing', object: LISTING, step: STEP.dueDiligence, ...MULTIPART_UPLOAD, defined: 'seller due-diligence upload (body not shown): files for the selected listing, optional documentName', summary: 'Upload due-diligence files to the selected listing.' }),
  route({ method: 'DELETE', path: '/seller/listings/:listingId/documents/:documentId', params: listingDocumentParamsSchema, response: deleteDocumentResponseSchema, ...D, relation: 'document', object: documentIn('documentId'), summary: "Delete one of the seller's own uploads." }),
  route({ method: 'PATCH', path: '/seller/documents/:documentId/tag', body: documentTagBodySchema, params: documentIdParamsSchema, response: documentTagResponseSchema, ...D, spec: 'p2§9', relation: 'document', object: documentIn('documentId'), step: STEP.financials, defined: 'which of the 9 requested financial documents an own upload is (issues 11/12): {tag} or {tag: null}; not shown', summary: 'Say which requested financial document an own upload is.' }),
  route({ method: 'DELETE', path: '/seller/listings/:listingId/due-diligence/documents/:documentId', params: ddListingDocumentParamsSchema, response: deleteDocumentResponseSchema, ...D, relation: 'document', object: documentIn('documentId'), step: STEP.dueDiligence, defined: 'seller due-diligence delete: not shown', summary: "Delete one of the seller's due-diligence uploads." }),
] as const;
