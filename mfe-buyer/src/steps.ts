import type { StepDef } from '@brokerage/ui';

/** The buyer's 11 steps (spec part 2 §1, §2 "Buyer routes"); ids are the 0-based indexes of the progress data. */
export const BUYER_STEPS: StepDef[] = [
  { id: 0, name: 'Select Listing', path: '/buyer' },
  { id: 1, name: 'Messages', path: '/buyer/messages' },
  { id: 2, name: 'Non Disclosure', path: '/buyer/non-disclosure' },
  { id: 3, name: 'Financial Statement', path: '/buyer/financial-statement' },
  { id: 4, name: 'CBR/CIM', path: '/buyer/cbr-cim' },
  { id: 5, name: 'Upload Docs', path: '/buyer/upload-docs' },
  { id: 6, name: 'Purchase Contract', path: '/buyer/purchase-contract' },
  { id: 7, name: 'Due Diligence', path: '/buyer/due-diligence' },
  { id: 8, name: 'Pre Close Checklist', path: '/buyer/pre-close-checklist' },
  { id: 9, name: 'Closing Docs', path: '/buyer/closing-docs' },
  { id: 10, name: 'After The Sale', path: '/buyer/after-sale' },
];

/** Steps whose Next is enabled only once the step is completed (spec part 2 §2). */
export const BUYER_NEXT_REQUIRES_COMPLETED = new Set<number>([2, 3, 4, 6, 7]);
