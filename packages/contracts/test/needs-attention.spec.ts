import { IDLE_JOURNEY_DAYS, isIdleJourney, NEEDS_ATTENTION_TEXT, newUploadsSince } from '@brokerage/contracts/needs-attention';

const NOW = new Date('2026-11-27T12:00:00.000Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

describe('needs attention (issue 19 §3)', () => {
  it('a journey is idle after 14 days without a change, a completed step or a message of the client', () => {
    expect(IDLE_JOURNEY_DAYS).toBe(14);
    expect(isIdleJourney({ lastChangeAt: daysAgo(14) }, NOW)).toBe(true);
    expect(isIdleJourney({ lastChangeAt: daysAgo(13.9) }, NOW)).toBe(false);
    expect(isIdleJourney({ lastChangeAt: daysAgo(30), lastStepAt: daysAgo(20), lastMessageAt: null }, NOW)).toBe(true);
    expect(isIdleJourney({ lastChangeAt: daysAgo(30), lastStepAt: daysAgo(2) }, NOW)).toBe(false);
    expect(isIdleJourney({ lastChangeAt: daysAgo(30), lastMessageAt: daysAgo(1).toISOString() }, NOW)).toBe(false);
  });

  it('uploads are new for 7 days; the item texts count in the singular and plural', () => {
    expect(newUploadsSince(NOW).toISOString()).toBe('2026-11-20T12:00:00.000Z');
    const base = { clientName: 'Blake Buyer', listingTitle: 'Roastery' };
    expect(NEEDS_ATTENTION_TEXT.item({ ...base, kind: 'client-upload', count: 1 })).toBe('Blake Buyer uploaded 1 file to Roastery');
    expect(NEEDS_ATTENTION_TEXT.item({ ...base, kind: 'due-diligence-request', count: 2 })).toBe('Blake Buyer is waiting for 2 due-diligence documents on Roastery');
    expect(NEEDS_ATTENTION_TEXT.unread(1)).toBe('You have 1 unread message');
  });
});
