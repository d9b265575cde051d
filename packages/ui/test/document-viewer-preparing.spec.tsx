import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureApiClient, useSession } from '@brokerage/api-client';
import { VIEWER_MSG } from '@brokerage/contracts/viewer';
import { DocumentViewer } from '../src/components/document-viewer';
import { stubFetch, type StubCall } from './fetch-stub';

const DOC = '00000000-0000-4000-8000-0000000000d2';
let calls: StubCall[] = [];
/** How many more times the page count answers 202 "being prepared" before the pages are there. */
let preparingFor = 1;

beforeEach(() => {
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined });
  useSession.getState().setSession({ user: { id: 'u-4', email: 'buyer@example.com', name: 'Blake Buyer', role: 'BUYER' }, sessionToken: 't', token: 't' });
  calls = stubFetch((_method, url) => {
    const path = new URL(url, 'http://portal.test').pathname;
    if (!path.endsWith('/pages')) return { status: 200, body: path.endsWith('/text') ? { page: 1, lines: [] } : 'png' };
    if (preparingFor-- > 0) return { status: 202, body: { documentId: DOC, fileName: 'lease.docx', status: 'preparing', message: VIEWER_MSG.preparing } };
    return { status: 200, body: { documentId: DOC, fileName: 'lease.docx', pageCount: 1 } };
  });
  Object.assign(URL, { createObjectURL: () => 'blob:page', revokeObjectURL: () => undefined });
});

/** Issue 23 §1: a Word file the pdf worker has not converted yet — the server answers 202 "being prepared". */
describe('DocumentViewer: a document being prepared', () => {
  test('shows the server\'s "being prepared" text (no pages asked for), asks again by itself and shows the pages once they are there', async () => {
    preparingFor = 1;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <DocumentViewer area="buyer" documentId={DOC} fileName="lease.docx" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(VIEWER_MSG.preparing)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual([`/api/buyer/documents/${DOC}/pages`]); // no page, thumbnail or text while it is prepared

    // the viewer asks again (the server's Retry-After) and, once ready, shows page 1
    expect(await screen.findByRole('img', { name: 'Page 1 of 1' }, { timeout: 20_000 })).toHaveAttribute('src', 'blob:page');
    expect(screen.queryByText(VIEWER_MSG.preparing)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/pages'))).toHaveLength(2);
  }, 30_000);
});
