import { render, screen, within } from '@testing-library/react';
import type { BuyerEngagement } from '@brokerage/contracts/engagement';
import { ENGAGEMENT_LEGEND, EngagementPanel, formatDuration } from '../src/components/engagement-panel';

const blake: BuyerEngagement = {
  buyer: { id: 'b-1', name: 'Blake Buyer' },
  documentsOpened: 2,
  firstViewedAt: '2026-11-20T10:00:00.000Z',
  lastViewedAt: '2026-11-21T13:05:00.000Z',
  totalSeconds: 754,
  documents: [
    { documentId: 'd-1', fileName: 'Roastery CIM.pdf', version: 2, pageCount: 4, firstViewedAt: '2026-11-20T10:00:00.000Z', lastViewedAt: '2026-11-21T13:05:00.000Z', totalSeconds: 724,
      pages: [{ page: 1, seconds: 600 }, { page: 2, seconds: 4 }, { page: 4, seconds: 120 }] },
    { documentId: 'd-2', fileName: 'P&L 2025.pdf', version: 1, pageCount: 2, firstViewedAt: '2026-11-20T11:00:00.000Z', lastViewedAt: '2026-11-20T11:01:00.000Z', totalSeconds: 30,
      pages: [{ page: 2, seconds: 30 }] },
  ],
};

describe('EngagementPanel (issue 23 §3)', () => {
  test('per buyer: documents opened, first and last view, total time; per document a heat strip with a cell per page', () => {
    render(<EngagementPanel buyers={[blake, { ...blake, buyer: { id: 'b-2', name: 'Oscar Buyer' }, documentsOpened: 1, totalSeconds: 5, documents: [blake.documents[1]!] }]} />);
    expect(screen.getByText('Each square is a page of the document: the darker, the longer it was read.')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Blake Buyer' });
    const facts = Object.fromEntries(within(card).getAllByRole('term').map((t) => [t.textContent, t.nextElementSibling?.textContent]));
    expect(facts).toEqual({ 'Documents opened': '2', 'First view': expect.stringMatching(/^Nov 20, 2026 /), 'Last view': expect.stringMatching(/^Nov 21, 2026 /), 'Total time': '12 min 34 s' });
    expect(within(card).getByText('Roastery CIM.pdf (v2)')).toBeInTheDocument();

    const strip = within(card).getByRole('list', { name: 'Time per page of Roastery CIM.pdf' });
    const cells = within(strip).getAllByRole('listitem');
    expect(cells.map((c) => c.textContent)).toEqual(['Page 1: 10 min', 'Page 2: 4 s', 'Page 3: not viewed', 'Page 4: 2 min']);
    expect(cells.map((c) => c.getAttribute('data-level'))).toEqual(['4', '1', '0', '1']);
    expect(within(within(card).getByRole('list', { name: 'Time per page of P&L 2025.pdf' })).getAllByRole('listitem')).toHaveLength(2);

    const oscar = screen.getByRole('article', { name: 'Oscar Buyer' });
    expect(within(oscar).queryByText('Roastery CIM.pdf (v2)')).toBeNull();
    expect(within(oscar).getByText('5 s')).toBeInTheDocument();
  });

  test('no buyer yet: the empty text; the title can be the buyer\'s own', () => {
    render(<EngagementPanel buyers={[]} title="What is recorded about you" emptyText="Nothing recorded yet." />);
    expect(screen.queryByText(ENGAGEMENT_LEGEND)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What is recorded about you' })).toBeInTheDocument();
    expect(screen.getByText('Nothing recorded yet.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });

  test('durations read as seconds, minutes and hours', () => {
    expect([0.2, 45, 60, 185, 3600, 3725].map(formatDuration)).toEqual(['0 s', '45 s', '1 min', '3 min 5 s', '1 h', '1 h 2 min']);
  });
});
