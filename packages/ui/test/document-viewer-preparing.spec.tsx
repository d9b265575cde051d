import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureApiClient, useSession } from '@brokerage/api-client';
import { VIEWER_MSG } from '@brokerage/contracts/viewer';
import { DocumentViewer } from '../src/components/document-viewer';

const DOC = '00000000-0000-4000-8000-0000000000d2';
let calls: string[] = [];
/** How many more times the page count answers 202 "being prepared" before the pages are there. */
let preparingFor = 1;

beforeEach(() => {
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined });
  useSession.getState().setSession({ user: { id: 'u-4', email: 'buyer@example.com', name: 'Blake Buyer', role: 'BUYER' }, sessionToken: 't', token: 't' });
  calls = [];
  globalThis.fetch = (async (url: string) => {
    calls.push(url);
    const path = new URL(url, 'http://portal.test').pathname;
    let status = 200;
    let json: unknown;
    let blob: Blob | undefined;
    if (path.endsWith('/pages')) {
      if (preparingFor-- > 0) {
        status = 202;
        json = { documentId: DOC, fileName: 'lease.docx', status: 'preparing', message: VIEWER_MSG.preparing };
      } else json = { documentId: DOC, fileName: 'lease.docx', pageCount: 1 };
    } else if (path.endsWith('/text')) json = { page: 1, lines: [] };
    else blob = new Blob(['png'], { type: 'image/png' });
    return {
      ok: status < 400,
      status,
      headers: { get: (h: string) => (h.toLowerCase() === 'content-type' ? (blob ? 'image/png' : 'application/json') : null) },
      text: async () => (json === undefined ? '' : JSON.stringify(json)),
      blob: async () => blob!,
    } as unknown as Response;
  }) as typeof fetch;
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
    expect(calls).toEqual([`/api/buyer/documents/${DOC}/pages`]); // no page, thumbnail or text while it is prepared

    // the viewer asks again (the server's Retry-After) and, once ready, shows page 1
    expect(await screen.findByRole('img', { name: 'Page 1 of 1' }, { timeout: 20_000 })).toHaveAttribute('src', 'blob:page');
    expect(screen.queryByText(VIEWER_MSG.preparing)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.endsWith('/pages'))).toHaveLength(2);
  }, 30_000);
});
