import type { PeopleKind } from '../api/people';

/** Sellers/Buyers Management texts (spec part 3 §2, §8). */
export const PEOPLE_TEXT = {
  sellers: {
    title: 'Sellers Management',
    noun: 'seller',
    fetchFailed: 'Failed to fetch sellers',
    archiveFailed: 'Failed to archive seller. Please try again later.',
    reactivateFailed: 'Failed to reactivate seller. Please try again later.',
    deleteFailed: (message?: string) => `Failed to delete seller: ${message || 'Unknown error'}`,
    deleteWarning: (name: string) =>
      `Are you sure you want to delete ${name}? All of their listings will be deleted too. This cannot be undone.`,
    listingsLabel: 'Listings',
    empty: 'No sellers yet.',
  },
  buyers: {
    title: 'Buyers Management',
    noun: 'buyer',
    fetchFailed: 'Failed to fetch buyers',
    archiveFailed: 'Failed to archive buyer. Please try again later.',
    reactivateFailed: 'Failed to reactivate buyer. Please try again later.',
    deleteFailed: () => 'Failed to delete buyer. Please try again later.',
    deleteWarning: (name: string) => `Are you sure you want to delete ${name}? This cannot be undone.`,
    listingsLabel: 'Interested listings',
    empty: 'No buyers yet.',
  },
} satisfies Record<PeopleKind, unknown>;
