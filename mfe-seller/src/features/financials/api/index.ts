import { AREA } from '../../../api/client';

/** Seller step 5 (id 4): FINANCIAL_DOCUMENTS filed under step 4, read back from GET /seller/step/4/documents. */
export const FINANCIALS_STEP = 4;
export const FINANCIALS_LIST_PATH = `/${AREA}/step/${FINANCIALS_STEP}/documents`;
