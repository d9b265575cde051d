/** Listings Overview texts of spec part 3 §8. */
export const LISTINGS_TEXT = {
  loadFailed: 'Failed to load data. Please try again later.',
  archiveFailed: 'Failed to archive listing. Please try again later.',
  reactivateFailed: 'Failed to reactivate listing. Please try again later.',
  saveFailed: 'Failed to save listing. Please try again later.',
  waitForData: 'Please wait for data to load.',
  agentListingsFailed: 'Failed to load listings. Please try again later.',
} as const;
