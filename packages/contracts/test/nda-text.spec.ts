import { createHash } from 'node:crypto';
import { NDA_TEXT_SHA256, NDA_TEXT_VERSION, ndaText } from '../src/nda-text.js';
import { NDA_VERIFY_MSG, formatUtcDateTime } from '../src/ndas.js';

describe('the NDA text and its version', () => {
  it('NDA_TEXT_SHA256 is the sha256 of ndaText(): a changed text needs a new NDA_TEXT_VERSION and hash', () => {
    expect(createHash('sha256').update(ndaText(), 'utf8').digest('hex')).toBe(NDA_TEXT_SHA256);
    expect(NDA_TEXT_VERSION).toMatch(/^\S{1,40}$/);
  });

  it('a verification answer names the signer and the date as the portal writes dates, in UTC', () => {
    expect(formatUtcDateTime('2026-11-21T13:05:00.000Z')).toBe('Nov 21, 2026 1:05 PM UTC');
    expect(formatUtcDateTime('2026-01-02T00:07:00.000Z')).toBe('Jan 2, 2026 12:07 AM UTC');
    expect(formatUtcDateTime('nonsense')).toBe('');
    expect(NDA_VERIFY_MSG.matches('Blake Buyer', 'Nov 21, 2026 1:05 PM UTC')).toBe('Matches the NDA signed by Blake Buyer on Nov 21, 2026 1:05 PM UTC');
  });
});
