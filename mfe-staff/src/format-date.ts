const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A short date for dense staff tables and lists ("Nov 27, 2026"), '' without a valid date; the full time goes in a title. */
export function formatShortDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? '' : SHORT_DATE.format(d);
}
