import { BUYER, documentIn, LISTING, listingIn, MULTIPART_UPLOAD, route } from './define.js';

/** Buyer journey steps (ids, contracts journeys.ts) the calls below act on or read the files of. */
const STEP = { nda: 2, financialStatement: 3, cbrCim: 4, uploadDocs: 5, purchaseContract: 6, dueDiligence: 7, closing: 9 } as const;
const L = { service: 'listings', roles: BUYER, spec: 'p2§7' } as const;
const D = { service: 'documents', roles: BUYER, spec: 'p2§7' } as const;
const MIRROR = 'progress service: mark step completed/incomplete for the buyer, not shown; mirrors /seller/*';

/** Part 2 §7: the buyer's portal (listings and documents services). A buyer sees only a listing's public card until their NDA. */
export const BUYER_API = [
  route({ method: 'GET', path: '/buyer/dashboard', ...L, relation: 'self', summary: "The buyer's dashboard." }),
  route({ method: 'GET', path: '/buyer/progress', ...L, relation: 'self', summary: "The buyer's journey on their selected listing." }),
  route({ method: 'GET', path: '/buyer/current-listing', ...L, relation: 'listing-card', object: LISTING, summary: "The buyer's selected listing (only its public card before the NDA)." }),
  route({ method: 'GET', path: '/buyer/listings', ...L, relation: 'self', summary: 'The listings the buyer takes part in (public cards before each NDA).' }),
  route({ method: 'GET', path: '/buyer/available-listings', ...L, relation: 'self', summary: 'Public cards of the active listings the buyer may select.' }),
  route({ method: 'GET', path: '/buyer/listings/:id', ...L, relation: 'listing-card', object: listingIn('id'), defined: 'one listing the buyer takes part in: not shown; mirrors /seller/listings/:id', summary: 'One listing the buyer takes part in (only its public card before the NDA).' }),
  route({ method: 'GET', path: '/buyer/nda', ...L, relation: 'self', summary: "The buyer's NDA for the selected listing (draft or signed)." }),
  route({ method: 'GET', path: '/buyer/financial-statement', ...L, relation: 'self', summary: "The buyer's personal financial statement (draft or submitted)." }),
  route({ method: 'POST', path: '/buyer/update-step', ...L, relation: 'self', summary: 'Complete (or reopen) a hand-completed step of the selected listing\'s journey ({stepId, completed}); the step comes from the body.' }),
  route({ method: 'POST', path: '/buyer/select-listing', ...L, relation: 'self', summary: 'Select a listing the buyer takes part in, or any active one ({listingId}); completes step 0.' }),
  route({ method: 'POST', path: '/buyer/nda/save', ...L, relation: 'self', step: STEP.nda, summary: 'Save the NDA as a draft.' }),
  route({ method: 'POST', path: '/buyer/nda/submit', ...L, relation: 'self', step: STEP.nda, summary: 'Sign the NDA: completes step 2 and files its PDF.' }),
  route({ method: 'POST', path: '/buyer/financial-statement/save', ...L, relation: 'self', step: STEP.financialStatement, summary: 'Save the financial statement as a draft.' }),
  route({ method: 'POST', path: '/buyer/financial-statement/submit', ...L, relation: 'self', step: STEP.financialStatement, summary: 'Submit the financial statement: completes step 3 and files its PDF.' }),
  route({ method: 'POST', path: '/buyer/mark-step-completed', ...L, spec: 'p2§7 p3§7', relation: 'self', defined: MIRROR, summary: 'Complete a hand-completed step ({stepId}) of the selected listing\'s journey.' }),
  route({ method: 'POST', path: '/buyer/mark-step-incomplete', ...L, spec: 'p2§7 p3§7', relation: 'self', defined: MIRROR, summary: 'Reopen a toggle step ({stepId}); the buyer has none.' }),
  route({ method: 'GET', path: '/buyer/documents', ...D, relation: 'listing', object: LISTING, summary: "The documents of the selected listing the buyer may see (?listingId=)." }),
  route({ method: 'GET', path: '/buyer/cbr-cim', ...D, relation: 'listing', object: LISTING, step: STEP.cbrCim, summary: 'The CBR/CIM of the selected listing.' }),
  route({ method: 'GET', path: '/buyer/purchase-contract', ...D, relation: 'listing', object: LISTING, step: STEP.purchaseContract, summary: 'The purchase contract staff provided and the signed copies.' }),
  route({ method: 'GET', path: '/buyer/closing-documents', ...D, relation: 'listing', object: LISTING, step: STEP.closing, summary: 'The closing documents of the selected listing.' }),
  route({ method: 'GET', path: '/buyer/download-document/:id', ...D, relation: 'document', object: documentIn('id'), summary: "Download a document (Range; ?disposition=inline); the document's step applies." }),
  route({ method: 'GET', path: '/buyer/listings/:id/agent-documents', ...D, relation: 'listing', object: listingIn('id'), summary: 'The documents staff provided to the buyer on the listing.' }),
  route({ method: 'GET', path: '/buyer/listings/:listingId/documents', ...D, relation: 'listing', object: listingIn('listingId'), summary: 'The documents of the listing the buyer may see.' }),
  route({ method: 'GET', path: '/buyer/due-diligence', ...D, relation: 'listing', object: LISTING, step: STEP.dueDiligence, summary: "The buyer's due-diligence table on the selected listing." }),
  route({ method: 'GET', path: '/buyer/listings/:id/due-diligence/download/:docType', ...D, relation: 'listing', object: listingIn('id'), step: STEP.dueDiligence, summary: 'Download the newest due-diligence file of one name (recorded).' }),
  route({ method: 'GET', path: '/buyer/listings/:listingId/due-diligence', ...D, relation: 'listing', object: listingIn('listingId'), step: STEP.dueDiligence, summary: "The buyer's due-diligence table on the listing." }),
  route({ method: 'POST', path: '/buyer/documents/upload', ...D, relation: 'listing', object: LISTING, ...MULTIPART_UPLOAD, summary: 'Upload files to the selected listing (fields before the files); the step comes from the form (6 purchase contract, else 5).' }),
  route({ method: 'POST', path: '/buyer/listings/:listingId/documents', ...D, relation: 'listing', object: listingIn('listingId'), ...MULTIPART_UPLOAD, summary: 'Upload files to the listing; the step comes from the form.' }),
  route({ method: 'POST', path: '/buyer/listings/:id/due-diligence/request', ...D, spec: 'p2§7 p3§7', relation: 'listing', object: listingIn('id'), step: STEP.dueDiligence, summary: 'Request (or unrequest) due-diligence documents.' }),
  route({ method: 'POST', path: '/buyer/listings/:listingId/due-diligence/download', ...D, spec: 'p2§7 p3§7', relation: 'listing', object: listingIn('listingId'), step: STEP.dueDiligence, summary: 'Record the download of a due-diligence file ({documentId}).' }),
  route({ method: 'POST', path: '/buyer/download-agent-document/:documentId', ...D, spec: 'p2§7 p3§7', relation: 'document', object: documentIn('documentId'), step: STEP.cbrCim, summary: 'Record the download of a staff document (the CBR/CIM: completes step 4).' }),
  route({ method: 'DELETE', path: '/buyer/listings/:listingId/documents/:documentId', ...D, relation: 'document', object: documentIn('documentId'), summary: "Delete one of the buyer's own uploads." }),
  route({ method: 'PATCH', path: '/buyer/documents/:documentId/tag', ...D, spec: 'p2§9', relation: 'document', object: documentIn('documentId'), step: STEP.uploadDocs, defined: 'which of the 10 requested documents an own upload is (issues 11/12): {tag} or {tag: null}; not shown', summary: 'Say which requested document an own upload is.' }),
  route({ method: 'POST', path: '/buyer/step/:id/download', ...D, spec: 'p2§7 p3§7', relation: 'listing', object: LISTING, defined: 'progress service: download step document, not shown; mirrors /seller/step/:id/download', summary: "Record the download of a step's document (the step is the path id)." }),
  route({ method: 'POST', path: '/buyer/listings/:listingId/signed-contract', ...D, spec: 'p2§7 p3§7', relation: 'listing', object: listingIn('listingId'), step: STEP.purchaseContract, ...MULTIPART_UPLOAD, defined: 'signed-contract upload (step 7): not shown', summary: 'Upload the signed purchase contract.' }),
  route({ method: 'GET', path: '/buyer/listings/:listingId/contract/download', ...D, spec: 'p2§7 p3§7', relation: 'listing', object: listingIn('listingId'), step: STEP.purchaseContract, defined: 'download-contract (step 7): not shown', summary: 'Download the purchase contract staff provided.' }),
] as const;
