import type { CSSProperties } from 'react';
import { Card } from '@brokerage/ui';

const GRID: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))', gap: '0.75rem 1.5rem', margin: 0 };
const TERM: CSSProperties = { fontSize: '0.875rem', color: 'var(--bb-text-muted)' };
const VALUE: CSSProperties = { margin: 0, fontWeight: 600, overflowWrap: 'anywhere' };

/** The fixed closing date and location (spec part 2 §2, §9: both TBD). */
export const CLOSING_INFO_TEXT = { title: 'Closing Information', date: 'Scheduled Closing Date', location: 'Closing Location', listing: 'Listing', tbd: 'TBD' } as const;

export interface ClosingInfoProps {
  /** The current listing's title (the buyer's screen passes "No listing selected" without one). */
  listingTitle: string;
  /** Where the listing stands: after the location (seller step 9) or between date and location (buyer step 9). */
  listingPlace?: 'last' | 'middle';
}

/** Closing information of the pre-close checklist screens: scheduled closing date and location (TBD) and the listing. */
export function ClosingInfo({ listingTitle, listingPlace = 'last' }: ClosingInfoProps) {
  const date: [string, string] = [CLOSING_INFO_TEXT.date, CLOSING_INFO_TEXT.tbd];
  const location: [string, string] = [CLOSING_INFO_TEXT.location, CLOSING_INFO_TEXT.tbd];
  const listing: [string, string] = [CLOSING_INFO_TEXT.listing, listingTitle];
  const facts = listingPlace === 'middle' ? [date, listing, location] : [date, location, listing];
  return (
    <Card title={CLOSING_INFO_TEXT.title}>
      <dl style={GRID} data-testid="closing-info">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt style={TERM}>{term}</dt>
            <dd style={VALUE}>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
