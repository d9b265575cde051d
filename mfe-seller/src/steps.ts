import type { StepDef } from '@brokerage/ui';

/** The seller's 11 steps (spec part 2 §1, §2 "Seller routes"); ids are the 0-based indexes of the progress data. */
export const SELLER_STEPS: StepDef[] = [
  { id: 0, name: 'Home', path: '/seller' },
  { id: 1, name: 'Messages', path: '/seller/messages' },
  { id: 2, name: 'Listing Agreement', path: '/seller/listing-agreement' },
  { id: 3, name: 'Questionnaire', path: '/seller/questionnaire' },
  { id: 4, name: 'Financials', path: '/seller/financials' },
  { id: 5, name: 'Buyer Activity', path: '/seller/buyer-activity' },
  { id: 6, name: 'Purchase Agreement', path: '/seller/purchase-agreement' },
  { id: 7, name: 'Due Diligence', path: '/seller/due-diligence' },
  { id: 8, name: 'Pre Close Checklist', path: '/seller/pre-close-checklist' },
  { id: 9, name: 'Closing Docs', path: '/seller/closing-docs' },
  { id: 10, name: 'After The Sale', path: '/seller/after-sale' },
];

/** Steps whose Next is enabled only once the step is completed (spec part 2 §2). */
export const SELLER_NEXT_REQUIRES_COMPLETED = new Set<number>([2]);
