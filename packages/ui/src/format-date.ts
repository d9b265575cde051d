import { format } from 'date-fns';

// Dates for every portal area (ARCHITECTURE.md), exported by '@brokerage/ui/portal': date-fns stays off public pages.
const DATE_TIME_PATTERN = 'MMM d, yyyy h:mm a';

/** Dates as "MMM d, yyyy h:mm a", e.g. "Nov 21, 2026 1:05 PM"; '' when there is no valid date. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? '' : format(d, DATE_TIME_PATTERN);
}
