import { formatFileSize, formatMoney } from '../src/format';
import { formatDateTime } from '../src/format-date';

describe('formatMoney', () => {
  test('US dollars with thousands separators and cents', () => {
    expect(formatMoney(1250000)).toBe('$1,250,000.00');
    expect(formatMoney('349000.5')).toBe('$349,000.50');
    expect(formatMoney(0)).toBe('$0.00');
  });
  test('nothing for what is not a number', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('n/a')).toBe('');
  });
});

describe('formatDateTime', () => {
  test('"MMM d, yyyy h:mm a" in the local time zone', () => {
    expect(formatDateTime(new Date(2026, 10, 21, 13, 5))).toBe('Nov 21, 2026 1:05 PM');
    expect(formatDateTime(new Date(2026, 0, 2, 0, 30).getTime())).toBe('Jan 2, 2026 12:30 AM');
    expect(formatDateTime(new Date(2026, 6, 4, 9, 0).toISOString())).toBe('Jul 4, 2026 9:00 AM');
  });
  test('nothing for a missing or invalid date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatFileSize (spec part 2 §5: base 1024, two decimals)', () => {
  test.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234567, '1.18 MB'],
    [1024 * 1024 - 1, '1024 KB'],
    [1024 * 1024, '1 MB'],
    [10 * 1024 * 1024, '10 MB'],
    [2.5 * 1024 ** 3, '2.5 GB'],
    [3 * 1024 ** 4, '3072 GB'],
    ['2048', '2 KB'],
  ])('%p → %p', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  test.each([null, undefined, '', 'abc', -1, Number.NaN])('%p → "Unknown size"', (bytes) => {
    expect(formatFileSize(bytes)).toBe('Unknown size');
    expect(formatFileSize(bytes, 'kb-mb')).toBe('Unknown size');
  });

  test.each([
    [0, '0 KB'],
    [512, '0.5 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1024, '1023 KB'],
    [1024 * 1024, '1 MB'],
    [1.25 * 1024 * 1024, '1.25 MB'],
    [5 * 1024 ** 3, '5120 MB'],
  ])('purchase-contract style: %p → %p (KB under 1 MB, else MB)', (bytes, text) => {
    expect(formatFileSize(bytes, 'kb-mb')).toBe(text);
  });
});
