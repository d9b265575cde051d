import { DUE_DILIGENCE_STEP_ID } from '@brokerage/contracts/due-diligence';

/** Buyer step 8 of 11 (id 7): completes when at least one document is requested and every requested one has a file. */
export const DUE_DILIGENCE_STEP = DUE_DILIGENCE_STEP_ID;

/** The overview of spec part 2 §2 / part 3 §2 (purpose, typical timeline, key areas). */
export const DUE_DILIGENCE_OVERVIEW = {
  purpose:
    'Due diligence is your chance to verify what the seller has told you before the purchase closes: the business\'s finances, contracts, operations and legal standing.',
  timeline: 'Typical timeline: 30-45 days from signing the purchase contract.',
  keyAreas: ['Financial records and tax returns', 'Customer and supplier contracts', 'Lease, licenses and insurance', 'Employees and equipment', 'Legal, environmental and intellectual property matters'],
  howItWorks:
    'Tick each document you want to review. Your broker or agent uploads the files here; the step is complete once every document you requested is available.',
} as const;

export const NO_LISTING_TEXT = 'Please select a listing first';
