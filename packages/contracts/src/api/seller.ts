import { documentIn, LISTING, listingIn, MULTIPART_UPLOAD, route, SELLER } from './define.js';

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
  route({ method: 'GET', path: '/seller/listings/:id', ...L, relation: 'listing', object: listingIn('id'), summary: 'One of the seller\'s listings.' }),
  route({ method: 'GET', path: '/seller/listings/:id/interested-buyers', ...L, relation: 'listing', object: listingIn('id'), summary: 'The buyers interested in the listing.' }),
  route({ method: 'GET', path: '/seller/listing-buyers', ...L, relation: 'self', summary: "The buyers of every listing of the seller's." }),
  route({ method: 'GET', path: '/seller/questionnaire', ...L, relation: 'self', summary: "The seller's questionnaire on the selected listing (draft or submitted)." }),
  route({ method: 'POST', path: '/seller/update-step', ...L, relation: 'self', summary: 'Complete (or reopen) a hand-completed step of the selected listing\'s journey ({stepId, completed}); the step comes from the body.' }),
  route({ method: 'POST', path: '/seller/listings/:id/approve-buyer', ...L, relation: 'listing', object: listingIn('id'), step: STEP.buyerActivity, summary: 'Approve an interested buyer ({buyerId}).' }),
  route({ method: 'POST', path: '/seller/listings/:id/reject-buyer', ...L, relation: 'listing', object: listingIn('id'), step: STEP.buyerActivity, summary: 'Reject an interested buyer ({buyerId}): they lose access at once.' }),
  route({ method: 'POST', path: '/seller/select-listing', ...L, relation: 'self', summary: 'Select one of the seller\'s listings ({listingId}); completes step 0.' }),
  route({ method: 'POST', path: '/seller/mark-step-completed', ...L, relation: 'self', summary: 'Complete a hand-completed step ({stepId}) of the selected listing\'s journey.' }),
  route({ method: 'POST', path: '/seller/mark-step-incomplete', ...L, relation: 'self', summary: 'Reopen the pre-close toggle step ({stepId}).' }),
  route({ method: 'POST', path: '/seller/questionnaire/save', ...L, relation: 'self', step: STEP.questionnaire, summary: 'Save the questionnaire as a draft.' }),
  route({ method: 'POST', path: '/seller/questionnaire/submit', ...L, relation: 'self', step: STEP.questionnaire, summary: 'Submit the questionnaire: completes step 3 and files its PDF.' }),
  route({ method: 'GET', path: '/seller/listings/:listingId/buyer-activity', ...L, spec: 'p2§2', relation: 'listing', object: listingIn('listingId'), defined: 'buyer activity table (Step 6) without sample data (deviation 5); not shown', summary: "The listing's buyer activity: stats and one row per buyer." }),
  route({ method: 'GET', path: '/seller/documents', ...D, relation: 'listing', object: LISTING, summary: 'The seller\'s documents of the selected listing (?listingId=).' }),
  route({ method: 'GET', path: '/seller/listing-agreement', ...D, relation: 'listing', object: LISTING, summary: 'The listing agreement staff provided, the signed copies and the agreement object.' }),
  route({ method: 'GET', path: '/seller/purchase-agreement', ...D, relation: 'listing', object: LISTING, summary: 'The purchase agreement staff provided and the signed copies.' }),
  route({ method: 'GET', path: '/seller/closing-documents', ...D, relation: 'listing', object: LISTING, summary: 'The closing documents of the selected listing.' }),
  route({ method: 'GET', path: '/seller/download-document/:id', ...D, relation: 'document', object: documentIn('id'), summary: 'Download a document (Range; ?disposition=inline to view).' }),
  route({ method: 'GET', path: '/seller/step/:id/documents', ...D, relation: 'listing', object: LISTING, summary: "The documents of one journey step (path id) on the selected listing." }),
  route({ method: 'GET', path: '/seller/listings/:listingId/documents', ...D, relation: 'listing', object: listingIn('listingId'), summary: 'The documents of the listing the seller may see.' }),
  route({ method: 'GET', path: '/seller/listings/:listingId/broker-documents', ...D, relation: 'listing', object: listingIn('listingId'), summary: 'The documents staff provided to the seller on the listing.' }),
  route({ method: 'GET', path: '/seller/due-diligence', ...D, relation: 'listing', object: LISTING, summary: "Due diligence of the selected listing: the buyers' requests (no identities) and the seller's files." }),
  route({ method: 'GET', path: '/seller/listings/:id/due-diligence/requests', ...D, relation: 'listing', object: listingIn('id'), summary: 'Requested due-diligence documents with the count of buyers waiting.' }),
  route({ method: 'POST', path: '/seller/documents/upload', ...D, relation: 'listing', object: LISTING, ...MULTIPART_UPLOAD, summary: 'Upload files to the selected listing (form listingId, documentType, stepId, tag before the files); the step comes from the form.' }),
  route({ method: 'POST', path: '/seller/listings/:listingId/documents', ...D, relation: 'listing', object: listingIn('listingId'), ...MULTIPART_UPLOAD, summary: 'Upload files to the listing; the step comes from the form.' }),
  route({ method: 'POST', path: '/seller/listings/:id/due-diligence/:docType/upload', ...D, relation: 'listing', object: listingIn('id'), step: STEP.dueDiligence, ...MULTIPART_UPLOAD, summary: 'Upload due-diligence files under one of the 16 names (path docType).' }),
  route({ method: 'POST', path: '/seller/step/:id/upload', ...D, relation: 'listing', object: LISTING, summary: 'Record a step upload (the step is the path id).' }),
  route({ method: 'POST', path: '/seller/step/:id/download', ...D, relation: 'listing', object: LISTING, summary: "Record the download of a step's document (the step is the path id)." }),
  route({ method: 'POST', path: '/seller/listing-agreement', ...D, relation: 'listing', object: LISTING, step: STEP.listingAgreement, ...MULTIPART_UPLOAD, defined: 'body "the agreement object" (fields not shown): the signed copy as multipart (file), answers {message, agreement}', summary: 'Upload the signed listing agreement (multipart file, ?listingId=): completes step 2.' }),
  route({ method: 'POST', path: '/seller/due-diligence', ...D, relation: 'listing', object: LISTING, step: STEP.dueDiligence, ...MULTIPART_UPLOAD, defined: 'seller due-diligence upload (body not shown): files for the selected listing, optional documentName', summary: 'Upload due-diligence files to the selected listing.' }),
  route({ method: 'DELETE', path: '/seller/listings/:listingId/documents/:documentId', ...D, relation: 'document', object: documentIn('documentId'), summary: "Delete one of the seller's own uploads." }),
  route({ method: 'PATCH', path: '/seller/documents/:documentId/tag', ...D, spec: 'p2§9', relation: 'document', object: documentIn('documentId'), step: STEP.financials, defined: 'which of the 9 requested financial documents an own upload is (issues 11/12): {tag} or {tag: null}; not shown', summary: 'Say which requested financial document an own upload is.' }),
  route({ method: 'DELETE', path: '/seller/listings/:listingId/due-diligence/documents/:documentId', ...D, relation: 'document', object: documentIn('documentId'), step: STEP.dueDiligence, defined: 'seller due-diligence delete: not shown', summary: "Delete one of the seller's due-diligence uploads." }),
] as const;
