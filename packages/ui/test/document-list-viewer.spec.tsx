import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureApiClient, useSession } from '@brokerage/api-client';
import { DocumentList, viewableInViewer, type ListedDocument } from '../src/components/document-list';

/** Issue 23 §1 in the shared document list: a "View" action opening the in-portal viewer (page images, never the file). */
const CIM: ListedDocument = {
  id: 'd-cim', fileName: 'CIM.pdf', fileSize: 2048, uploadedAt: new Date(2026, 10, 21).toISOString(),
  url: '/buyer/download-document/d-cim', contentType: 'application/pdf', permission: 'VIEW_AND_DOWNLOAD', canDownload: true,
};
const LEASE: ListedDocument = {
  id: 'd-lease', fileName: 'Lease.docx', fileSize: 1024, uploadedAt: new Date(2026, 10, 20).toISOString(),
  url: '/buyer/download-document/d-lease', permission: 'VIEW_ONLY', canDownload: false,
};
const PHOTO: ListedDocument = {
  id: 'd-photo', fileName: 'Front.jpg', fileSize: 512, uploadedAt: new Date(2026, 10, 19).toISOString(),
  url: '/buyer/download-document/d-photo', contentType: 'image/jpeg', canDownload: true,
};
const item = (name: string) => screen.getByText(name).closest('li')!;
let calls: string[] = [];

beforeEach(() => {
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined });
  useSession.getState().setSession({ user: { id: 'u-4', email: 'buyer@example.com', name: 'Blake Buyer', role: 'BUYER' }, sessionToken: 't', token: 't' });
  calls = [];
  globalThis.fetch = (async (url: string) => {
    calls.push(url);
    const pages = url.split('?')[0]!.endsWith('/pages');
    return {
      ok: true,
      status: 200,
      headers: { get: (h: string) => (h.toLowerCase() === 'content-type' ? (pages ? 'application/json' : 'image/png') : null) },
      text: async () => JSON.stringify({ documentId: 'd-lease', fileName: 'Lease.docx', pageCount: 2 }),
      blob: async () => new Blob(['png'], { type: 'image/png' }),
    } as unknown as Response;
  }) as typeof fetch;
  Object.assign(URL, { createObjectURL: () => 'blob:page', revokeObjectURL: () => undefined });
});

function show(docs: ListedDocument[], viewer?: 'buyer') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DocumentList label="Docs" documents={docs} viewer={viewer} />
    </QueryClientProvider>,
  );
}

describe('DocumentList: View in the in-portal viewer (issue 23 §1)', () => {
  test('PDF and Word files get "View"; a download-allowed file keeps "View / Download", a view-only one has no link; an image has no View', () => {
    show([CIM, LEASE, PHOTO], 'buyer');
    expect(within(item('CIM.pdf')).getByRole('button', { name: 'View CIM.pdf' })).toBeInTheDocument();
    expect(within(item('CIM.pdf')).getByRole('link', { name: /View \/ Download CIM\.pdf/ })).toBeInTheDocument();
    const lease = item('Lease.docx');
    expect(within(lease).getByRole('button', { name: 'View Lease.docx' })).toBeInTheDocument();
    expect(within(lease).queryByRole('link')).not.toBeInTheDocument();
    expect(lease).not.toHaveTextContent(/Download/);
    expect(within(item('Front.jpg')).queryByRole('button', { name: /^View/ })).not.toBeInTheDocument();
    expect(within(item('Front.jpg')).getByRole('link', { name: /View \/ Download Front\.jpg/ })).toBeInTheDocument();
  });

  test('without a viewer area no View button (lists that have not opted in are unchanged)', () => {
    show([CIM]);
    expect(screen.queryByRole('button', { name: /^View/ })).not.toBeInTheDocument();
  });

  test('View opens the viewer in a dialog on the caller\'s page routes (never the download route); Close closes it', async () => {
    const user = userEvent.setup();
    show([CIM, LEASE], 'buyer');
    await user.click(screen.getByRole('button', { name: 'View Lease.docx' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lease.docx' });
    await waitFor(() => expect(within(dialog).getByRole('img', { name: 'Page 1 of 2' })).toHaveAttribute('src', 'blob:page'));
    expect(calls[0]).toBe('/api/buyer/documents/d-lease/pages');
    expect(calls).toContain('/api/buyer/documents/d-lease/pages/1?size=page');
    expect(calls.some((u) => u.includes('download'))).toBe(false);
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: /^Page 1/ })).not.toBeInTheDocument());
  });

  test('viewableInViewer: by Content-Type when known, else by the name', () => {
    expect(viewableInViewer({ fileName: 'a.PDF' })).toBe(true);
    expect(viewableInViewer({ fileName: 'a.doc' })).toBe(true);
    expect(viewableInViewer({ fileName: 'a.xlsx' })).toBe(false);
    expect(viewableInViewer({ fileName: 'scan', contentType: 'application/pdf' })).toBe(true);
    expect(viewableInViewer({ fileName: 'a.pdf', contentType: 'image/png' })).toBe(false);
  });
});
