import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureApiClient, useSession } from '@brokerage/api-client';
import { DueDiligenceTable, type DueDiligenceData } from '../src/components/due-diligence-table';
import { stubFetch, type StubCall } from './fetch-stub';

/** Issue 23 §1/§2 on the due diligence table: a PDF file opens in the in-portal viewer; a view-only file has no Download. */
const file = (id: string, documentName: string, over: Partial<DueDiligenceData['documents'][number]> = {}) => ({
  id, documentName, fileName: `${documentName}.pdf`, url: `/buyer/download-document/${id}`,
  uploadedAt: new Date(2026, 10, 21, 13, 5).toISOString(), uploadedBy: 'staff-1', uploaderName: 'Avery Agent', fileSize: 1536, ...over,
});
const data: DueDiligenceData = {
  requests: [{ documentName: 'Customer Contracts' }, { documentName: 'Lease Agreements' }],
  documents: [file('d1', 'Customer Contracts'), file('d2', 'Lease Agreements', { canDownload: false })],
};
const row = (name: string) => screen.getAllByRole('row').find((r) => r.querySelector('td')?.textContent?.includes(name))!;
let calls: StubCall[] = [];

beforeEach(() => {
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined });
  useSession.getState().setSession({ user: { id: 'u-4', email: 'buyer@example.com', name: 'Blake Buyer', role: 'BUYER' }, sessionToken: 't', token: 't' });
  Object.assign(URL, { createObjectURL: () => 'blob:page', revokeObjectURL: () => undefined }); // jsdom has neither (the viewer's page images)
  calls = stubFetch((_m, url) =>
    url.includes('/due-diligence') ? { status: 200, body: data } : { status: 200, body: { documentId: 'd2', fileName: 'Lease Agreements.pdf', pageCount: 2 } },
  );
});

test('buyer: each file has View; a view-only file has no Download; View opens the viewer on the buyer\'s page routes', async () => {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DueDiligenceTable listingId="L1" role="BUYER" />
    </QueryClientProvider>,
  );
  await screen.findByRole('table');
  expect(within(row('Customer Contracts')).getByRole('button', { name: 'View Customer Contracts.pdf' })).toBeInTheDocument();
  expect(within(row('Customer Contracts')).getByRole('button', { name: 'Download Customer Contracts.pdf' })).toBeInTheDocument();
  const lease = row('Lease Agreements');
  expect(within(lease).getByRole('button', { name: 'View Lease Agreements.pdf' })).toBeInTheDocument();
  expect(within(lease).queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();

  await user.click(within(lease).getByRole('button', { name: 'View Lease Agreements.pdf' }));
  const dialog = await screen.findByRole('dialog', { name: 'Lease Agreements.pdf' });
  await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/buyer/documents/d2/pages'));
  expect(calls.some((c) => c.url.includes('download'))).toBe(false);
  expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
});
