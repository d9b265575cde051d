import { BUYER_ACTIVITY_PAGE_SIZE, filterBuyerActivity, pageButtons } from '@brokerage/contracts/buyer-activity';

/** Search and status filter, and the pager's buttons: pure rules kept (and unit-tested) in contracts. */
export { filterBuyerActivity as filterRows, pageButtons };

export const pageCount = (n: number, size = BUYER_ACTIVITY_PAGE_SIZE) => Math.max(1, Math.ceil(n / size));

export const pageOf = <T,>(rows: T[], page: number, size = BUYER_ACTIVITY_PAGE_SIZE): T[] => rows.slice((page - 1) * size, page * size);
