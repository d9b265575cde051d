/**
 * Formatting shared by every area (ARCHITECTURE.md): money in USD (en-US) and file sizes. Dates ("MMM d, yyyy h:mm a",
 * date-fns) are in ./format-date.ts, exported by the portal entry: date-fns stays off the public pages' first load.
 */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money as USD (en-US), e.g. "$1,250,000.00"; '' for anything that is not a number. */
export function formatMoney(value: number | string | null | undefined): string {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? usd.format(n) : '';
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;
const round2 = (n: number) => String(Math.round(n * 100) / 100);

/**
 * File sizes (spec part 2 §5, part 3 §9): base 1024, rounded to two decimals.
 * - 'units' (default; due-diligence and document lists): Bytes, KB, MB or GB, e.g. "0 Bytes", "1.5 KB", "2.34 MB";
 * - 'kb-mb' (the purchase-contract list): KB under 1 MB, otherwise MB, e.g. "0.5 KB", "1.25 MB".
 * A missing or impossible size shows "Unknown size".
 */
export function formatFileSize(bytes: number | string | null | undefined, style: 'units' | 'kb-mb' = 'units'): string {
  const n = typeof bytes === 'string' && bytes.trim() !== '' ? Number(bytes) : bytes;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return 'Unknown size';
  if (style === 'kb-mb') return n < 1024 * 1024 ? `${round2(n / 1024)} KB` : `${round2(n / (1024 * 1024))} MB`;
  if (n === 0) return '0 Bytes';
  const i = Math.max(0, Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(n) / Math.log(1024))));
  return `${round2(n / 1024 ** i)} ${SIZE_UNITS[i]}`;
}
