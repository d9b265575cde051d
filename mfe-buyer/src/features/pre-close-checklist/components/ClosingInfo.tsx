import type { CSSProperties } from 'react';
import { Card } from '@brokerage/ui';

const GRID: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))', gap: '0.75rem 1.5rem', margin: 0 };
const TERM: CSSProperties = { fontSize: '0.875rem', color: 'var(--bb-text-muted)' };
const VALUE: CSSProperties = { margin: 0, fontWeight: 600, overflowWrap: 'anywhere' };

/** Closing information (spec part 2 §2): scheduled date TBD, the current listing's title (or "No listing selected"), location TBD. */
export function ClosingInfo({ listingTitle }: { listingTitle: string }) {
  const facts: Array<[string, string]> = [
    ['Scheduled Closing Date', 'TBD'],
    ['Listing', listingTitle],
    ['Closing Location', 'TBD'],
  ];
  return (
    <Card title="Closing Information">
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
