import type { ReactNode } from 'react';
import { ClosingDocuments, Messages, NotificationSettings, QuestionsScreen, type AreaScreen } from '@brokerage/ui/portal';
import { NOTIFICATION_SETTINGS_TEXT } from '@brokerage/contracts/notification-screens';
import { SellerHome } from '../features/home';
import { QuestionnairePage } from '../features/questionnaire';
import { FinancialsPage } from '../features/financials';
import { ListingAgreementPage } from '../features/listing-agreement';
import { AfterSalePage } from '../features/after-sale';
import { PreCloseChecklistPage } from '../features/pre-close-checklist';
import { SellerDueDiligencePage } from '../features/due-diligence';
import { BuyerActivityPage } from '../features/buyer-activity';
import { PurchaseAgreementPage } from '../features/purchase-agreement';

/** The seller's step screens built so far, by step id; every other step shows the placeholder inside the step frame. */
export const SELLER_SCREENS: Partial<Record<number, ReactNode>> = {
  0: <SellerHome />,
  1: <Messages role="SELLER" stepId={1} />,
  2: <ListingAgreementPage />,
  3: <QuestionnairePage />,
  4: <FinancialsPage />,
  5: <BuyerActivityPage />,
  6: <PurchaseAgreementPage />,
  7: <SellerDueDiligencePage />,
  8: <PreCloseChecklistPage />,
  9: <ClosingDocuments />,
  10: <AfterSalePage />,
};

/**
 * The seller's screens beyond the 11 steps, linked under the steps: Questions (issue 24 §3, the listing's due-diligence
 * Q&A) and Settings (issue 24 §2, e-mail notifications).
 */
export const SELLER_AREA_SCREENS: AreaScreen[] = [
  { path: '/seller/questions', label: 'Questions', element: <QuestionsScreen area="seller" /> },
  { path: '/seller/settings', label: NOTIFICATION_SETTINGS_TEXT.navLabel, element: <NotificationSettings /> },
];
