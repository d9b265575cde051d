import type { ReactNode } from 'react';
import { ClosingDocuments, Messages } from '@brokerage/ui/portal';
import { BuyerHome } from '../features/home';
import { BuyerNdaPage } from '../features/nda';
import { FinancialStatementPage } from '../features/financial-statement';
import { CbrCimPage } from '../features/cbr-cim';
import { UploadDocsPage } from '../features/upload-docs';
import { DueDiligencePage } from '../features/due-diligence';
import { BuyerAfterSalePage } from '../features/after-sale';
import { BuyerPreCloseChecklistPage } from '../features/pre-close-checklist';
import { PurchaseContractPage } from '../features/purchase-contract';

/** The buyer's step screens built so far, by step id; every other step shows the placeholder inside the step frame. */
export const BUYER_SCREENS: Partial<Record<number, ReactNode>> = {
  0: <BuyerHome />,
  1: <Messages role="BUYER" stepId={1} />,
  2: <BuyerNdaPage />,
  3: <FinancialStatementPage />,
  4: <CbrCimPage />,
  5: <UploadDocsPage />,
  6: <PurchaseContractPage />,
  7: <DueDiligencePage />,
  8: <BuyerPreCloseChecklistPage />,
  9: <ClosingDocuments />,
  10: <BuyerAfterSalePage />,
};
