import type { ClientKind } from '../api/progress';

/** Texts of the broker's and agent's progress screens (spec part 3 §2, §8; part 2 §4 for step updates). */
export const PROGRESS_TEXT = {
  back: (kind: ClientKind) => (kind === 'sellers' ? 'Back to Seller List' : 'Back to Buyer List'),
  who: (kind: ClientKind) => (kind === 'sellers' ? 'Seller' : 'Buyer'),
  notFoundTitle: 'Listing not found',
  notFound: 'This listing or client could not be found.',
  loadFailed: 'Failed to load data. Please try again later.',
  progressTitle: (kind: ClientKind) => (kind === 'sellers' ? 'Seller Progress' : 'Buyer Progress'),
  filesTitle: (kind: ClientKind) => (kind === 'sellers' ? 'Seller Uploaded Files' : 'Buyer Uploaded Files'),
  uploadTitle: 'Upload Documents',
  staffFilesTitle: 'Documents uploaded by staff',
  auditTitle: 'Download Activity',
  noPrice: 'N/A',
  /** Spec part 3 §2: the client has not selected this listing; the portal shows them their selected listing's progress. */
  notSelected: (kind: ClientKind) =>
    `This ${kind === 'sellers' ? 'seller' : 'buyer'} has not selected this listing yet. The progress they see in their portal belongs to their actual selected listing; the steps below are their progress on this listing.`,
  progressUnavailable: 'Progress is not available.',
  stepFailed: 'Failed to update step status. Please try again.',
  filesLoadFailed: 'Failed to load documents. Please try again later.',
  noClientFiles: (kind: ClientKind) => (kind === 'sellers' ? 'The seller has not uploaded any files yet.' : 'The buyer has not uploaded any files yet.'),
  noStaffFiles: 'No documents uploaded by staff yet.',
  noDownloads: 'No downloads yet.',
  auditLoadFailed: 'Failed to load activity. Please try again later.',
  /** The folded sections below the steps: a summary line each (the region inside keeps the spec's heading). */
  more: {
    checklist: { title: 'Pre-close checklist', hint: 'The shared 40-item checklist of this listing' },
    dueDiligence: { title: 'Due diligence', hint: "The buyer's requested documents and their files" },
    activity: { title: 'Downloads', hint: 'What this client downloaded, and when' },
  },
} as const;
