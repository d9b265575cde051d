import type { ReactNode } from 'react';
import { ClosingDocuments, Messages, NotificationSettings, QuestionsScreen, type AreaScreen } from '@brokerage/ui/portal';
import { NOTIFICATION_SETTINGS_TEXT } from '@brokerage/contracts/notification-screens';
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

/**
 * The buyer's screens beyond the 11 steps, linked under the steps: Questions (issue 24 §3, the listing's due-diligence
 * Q&A) and Settings (issue 24 §2, e-mail notifications).
 */
export const BUYER_AREA_SCREENS: AreaScreen[] = [
  { path: '/buyer/questions', label: 'Questions', element: <QuestionsScreen area="buyer" /> },
  { path: '/buyer/settings', label: NOTIFICATION_SETTINGS_TEXT.navLabel, element: <NotificationSettings /> },
];
