/*
 * Formatting helpers shared by every area. The date pattern is date-fns' "MMM d, yyyy h:mm a" (ARCHITECTURE.md),
 * produced here with Intl parts so that @brokerage/ui (a shared singleton, loaded on every page including /login)
 * does not carry date-fns; areas that need other date-fns functions import date-fns themselves.
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dt = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** Money as USD (en-US). */
export function formatMoney(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? usd.format(n) : '';
}

/** Dates as "MMM d, yyyy h:mm a", e.g. "Nov 21, 2026 1:05 PM". */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const p: Record<string, string> = {};
  for (const part of dt.formatToParts(d)) p[part.type] = part.value;
  return `${p.month} ${p.day}, ${p.year} ${p.hour}:${p.minute} ${(p.dayPeriod || '').toUpperCase()}`;
}
