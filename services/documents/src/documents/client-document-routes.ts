import type { DocumentType } from '@brokerage/contracts';
import { BUYER_UPLOAD_TYPES, SELLER_UPLOAD_TYPES } from '@brokerage/contracts';
import { buyerDefaultType, sellerDefaultType, type UploadRoute } from './documents.service.js';

/** Upload rules of the client routes. */
export const sellerUpload = (listingId?: string): UploadRoute => ({ listingId, types: SELLER_UPLOAD_TYPES, defaultType: sellerDefaultType });
export const buyerUpload = (listingId?: string): UploadRoute => ({ listingId, types: BUYER_UPLOAD_TYPES, defaultType: buyerDefaultType });
export const signedContractUpload = (listingId: string): UploadRoute => ({
  listingId,
  types: ['PURCHASE_CONTRACT'] satisfies DocumentType[],
  defaultType: () => 'PURCHASE_CONTRACT',
  stepId: 6,
});
