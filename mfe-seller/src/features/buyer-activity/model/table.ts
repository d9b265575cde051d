import {
  BUYER_ACTIVITY_MAX_PAGE_BUTTONS,
  BUYER_ACTIVITY_PAGE_SIZE,
  type BuyerActivityFilter,
  type BuyerActivityRow,
} from '@brokerage/contracts/buyer-activity';

/** Search (name, company or number, case-insensitive) and the status filter (All, Interested, Not Interested, Made an offer). */
export function filterRows(rows: BuyerActivityRow[], search: string, status: BuyerActivityFilter): BuyerActivityRow[] {
  const q = search.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (status === 'All' || r.status === status) &&
      (!q || r.buyerName.toLowerCase().includes(q) || r.company.toLowerCase().includes(q) || r.buyerNumber.toLowerCase().includes(q)),
  );
}

export const pageCount = (n: number, size = BUYER_ACTIVITY_PAGE_SIZE) => Math.max(1, Math.ceil(n / size));

export const pageOf = <T,>(rows: T[], page: number, size = BUYER_ACTIVITY_PAGE_SIZE): T[] => rows.slice((page - 1) * size, page * size);

/**
 * The pager's buttons: at most 5 page numbers (a window around the current page), then an ellipsis and the last page
 * when the window ends before it. 12 pages on page 1 → 1 2 3 4 5 … 12; on page 7 → 5 6 7 8 9 … 12; on 11 → 8 … 12.
 */
export function pageButtons(current: number, total: number, max = BUYER_ACTIVITY_MAX_PAGE_BUTTONS): Array<number | 'ellipsis'> {
  if (total <= max + 1) return Array.from({ length: total }, (_, i) => i + 1);
  const start = Math.max(1, Math.min(current - Math.floor(max / 2), total - max));
  const window = Array.from({ length: max }, (_, i) => start + i);
  return window[window.length - 1]! < total - 1 ? [...window, 'ellipsis', total] : [...window, total];
}
