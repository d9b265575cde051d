import { jest } from '@jest/globals';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureApiClient, useSession } from '@brokerage/api-client';
import {
  DUE_DILIGENCE_DOCUMENT_NAMES,
  DUE_DILIGENCE_MESSAGE_MS,
  DueDiligenceTable,
  dueDiligenceCounts,
  dueDiligenceRows,
  type DueDiligenceData,
} from '../src/components/due-diligence-table';
import { MemoryRouter } from 'react-router-dom';
import { StepFrame } from '../src/components/steps';
import { normalizeProgress, type StepDef } from '../src/components/journey';
import { FakeXhr, fileOf, installFakeXhr } from './fake-xhr';
import { stubFetch, type StubCall, type StubRoute } from './fetch-stub';

installFakeXhr();

let calls: StubCall[] = [];
let route: StubRoute;

function withBlob() {
  // saveDocument reads the download as a blob and clicks a temporary link: give the stub and jsdom both.
  const plain = globalThis.fetch;
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const res = await plain(url, init);
    return Object.assign(res, { blob: async () => new Blob(['%PDF-1.4']) });
  }) as typeof fetch;
  Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
}

beforeEach(() => {
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined });
  useSession.getState().setSession({ user: { id: 'u-4', email: 'buyer@example.com', name: 'Blake Buyer', role: 'BUYER' }, sessionToken: 't', token: 't' });
  calls = stubFetch((method, url, body) => route(method, url, body));
  withBlob();
});
afterEach(() => jest.useRealTimers());

function show(props: { role: string; buyerId?: string; onChanged?: () => void }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DueDiligenceTable listingId="L1" {...props} />
    </QueryClientProvider>,
  );
}

const file = (id: string, documentName: string, over: Partial<DueDiligenceData['documents'][number]> = {}) => ({
  id,
  documentName,
  fileName: `${documentName}.pdf`,
  url: `/buyer/download-document/${id}`,
  uploadedAt: new Date(2026, 10, 21, 13, 5).toISOString(),
  uploadedBy: 'staff-1',
  uploaderName: 'Avery Agent',
  fileSize: 1536,
  ...over,
});

const row = (name: string) => screen.getAllByRole('row').find((r) => r.querySelector('td')?.textContent?.includes(name))!;
const count = (label: string) => within(screen.getByRole('list', { name: 'Due diligence counts' })).getByText(label).nextElementSibling!.textContent;

describe('dueDiligenceRows / dueDiligenceCounts', () => {
  test('16 fixed names in order; Available = requested with a file, Requested = without, Not requested otherwise; extra names appended', () => {
    const rows = dueDiligenceRows({
      requests: [{ documentName: 'Tax Returns (2 years)' }, { documentName: 'Bank Statements' }, { documentName: 'Payroll Reports' }],
      documents: [
        file('d1', 'Tax Returns (2 years)', { uploadedAt: '2026-11-01T10:00:00Z', fileName: 'old.pdf' }),
        file('d2', 'Tax Returns (2 years)', { uploadedAt: '2026-11-02T10:00:00Z', fileName: 'new.pdf' }),
        file('d3', 'Equipment List'),
      ],
    });
    expect(rows.slice(0, 16).map((r) => r.documentName)).toEqual([...DUE_DILIGENCE_DOCUMENT_NAMES]);
    expect(DUE_DILIGENCE_DOCUMENT_NAMES).toHaveLength(16);
    expect(rows[16]).toMatchObject({ documentName: 'Payroll Reports', status: 'Requested' });
    const by = Object.fromEntries(rows.map((r) => [r.documentName, r]));
    expect(by['Tax Returns (2 years)']).toMatchObject({ status: 'Available', requested: true });
    expect(by['Tax Returns (2 years)']!.file!.fileName).toBe('new.pdf');
    expect(by['Bank Statements']).toMatchObject({ status: 'Requested', file: null });
    expect(by['Equipment List']).toMatchObject({ status: 'Not requested', requested: false });
    expect(by['Equipment List']!.file!.id).toBe('d3');
    expect(dueDiligenceCounts(rows)).toEqual({ requested: 3, available: 1, pending: 2 });
  });
});

describe('DueDiligenceTable, buyer mode', () => {
  const data: DueDiligenceData = {
    requests: [{ documentName: 'Customer Contracts' }, { documentName: 'Lease Agreements' }, { documentName: 'Insurance Policies' }],
    documents: [file('d1', 'Customer Contracts'), file('d2', 'Lease Agreements', { fileSize: 3 * 1024 * 1024 + 12345 })],
  };

  test('columns, counts, statuses, file info in base-1024 units, "Upload (Disabled)" with the staff-only message', async () => {
    route = () => ({ status: 200, body: data });
    show({ role: 'BUYER' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Document Name', 'Status', 'File Info', 'Actions']);
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/buyer/listings/L1/due-diligence' });
    expect(count('Requested')).toBe('3');
    expect(count('Available')).toBe('2');
    expect(count('Pending')).toBe('1');
    expect(within(table).getAllByRole('checkbox')).toHaveLength(16);
    expect(screen.getByRole('checkbox', { name: 'Request Customer Contracts' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Request Bank Statements' })).not.toBeChecked();
    expect(within(row('Customer Contracts')).getByText('Available')).toBeInTheDocument();
    expect(within(row('Insurance Policies')).getByText('Requested')).toBeInTheDocument();
    expect(within(row('Bank Statements')).getByText('Not requested')).toBeInTheDocument();
    expect(row('Customer Contracts')).toHaveTextContent('Customer Contracts.pdf1.5 KB · Nov 21, 2026 1:05 PM · Avery Agent');
    expect(row('Lease Agreements')).toHaveTextContent('3.01 MB');
    expect(row('Bank Statements')).toHaveTextContent('No file');
    const uploads = within(table).getAllByRole('button', { name: 'Upload (Disabled)' });
    expect(uploads).toHaveLength(16);
    uploads.forEach((b) => expect(b).toBeDisabled());
    expect(uploads[0]).toHaveAccessibleDescription(/Only brokers and agents can upload documents/);
    expect(within(row('Customer Contracts')).getByRole('button', { name: 'Download Customer Contracts.pdf' })).toBeEnabled();
    expect(within(row('Insurance Policies')).queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
  });

  test('ticking requests a document, unticking removes the request; each message disappears after 3 seconds', async () => {
    let state: DueDiligenceData = { requests: [], documents: [] };
    route = (method, _url, body) => {
      if (method === 'POST') {
        const b = body as { documentName: string; requested: boolean };
        state = { ...state, requests: b.requested ? [...state.requests, { documentName: b.documentName }] : state.requests.filter((r) => r.documentName !== b.documentName) };
        return { status: 200, body: { message: 'ok' } };
      }
      return { status: 200, body: state };
    };
    const onChanged = jest.fn();
    show({ role: 'buyer', onChanged });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Request Bank Statements' }));
    expect(await screen.findByText('Document requested successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', url: '/api/buyer/listings/L1/due-diligence/request', body: { documentName: 'Bank Statements', requested: true } });
    await waitFor(() => expect(count('Requested')).toBe('1'));
    expect(count('Pending')).toBe('1');
    expect(within(row('Bank Statements')).getByText('Requested')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('checkbox', { name: 'Request Bank Statements' }));
    expect(await screen.findByText('Document request removed')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({ documentName: 'Bank Statements', requested: false });
    await waitFor(() => expect(count('Requested')).toBe('0'));
    expect(screen.getByRole('checkbox', { name: 'Request Bank Statements' })).not.toBeChecked();
    // gone after 3 s
    await waitFor(() => expect(screen.queryByText('Document request removed')).not.toBeInTheDocument(), { timeout: DUE_DILIGENCE_MESSAGE_MS + 2000 });
  });

  test('the message stays for 3 seconds exactly (fake clock)', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    route = (method) => (method === 'POST' ? { status: 200, body: {} } : { status: 200, body: { requests: [], documents: [] } });
    show({ role: 'BUYER' });
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const box = await screen.findByRole('checkbox', { name: 'Request Equipment List' });
    await user.click(box);
    // Let the request answer without moving the clock (zero-delay timers and promises only).
    for (let i = 0; i < 50 && !screen.queryByText('Document requested successfully'); i++) await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Document requested successfully')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(DUE_DILIGENCE_MESSAGE_MS - 50));
    expect(screen.getByText('Document requested successfully')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByText('Document requested successfully')).not.toBeInTheDocument();
  });

  test('a refused request: "Failed to update document request" and the box returns to the server state', async () => {
    route = (method) => (method === 'POST' ? { status: 500, body: { message: 'Something went wrong' } } : { status: 200, body: { requests: [], documents: [] } });
    show({ role: 'BUYER' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Request Accounts Payable' }));
    expect(await screen.findByText('Failed to update document request')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Request Accounts Payable' })).not.toBeChecked());
  });

  test('download fetches the file once (its route records it in the audit): "File downloaded successfully"', async () => {
    route = () => ({ status: 200, body: data });
    const onChanged = jest.fn();
    show({ role: 'BUYER', onChanged });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download Customer Contracts.pdf' }));
    expect(await screen.findByText('File downloaded successfully')).toBeInTheDocument();
    const after = calls.slice(1).map((c) => `${c.method} ${c.url}`);
    expect(after.filter((c) => !c.includes('/due-diligence') || c.startsWith('POST'))).toEqual(['GET http://localhost/api/buyer/download-document/d1']);
    expect(onChanged).toHaveBeenCalled();
  });

  test('download failures: "Download failed"; a file without url: "File URL not available"', async () => {
    route = (_method, url) =>
      url.includes('/download-document/')
        ? { status: 404, body: { message: 'Document not found' } }
        : { status: 200, body: { requests: [{ documentName: 'Customer Contracts' }, { documentName: 'Bank Statements' }], documents: [file('d1', 'Customer Contracts'), file('d9', 'Bank Statements', { url: null })] } };
    show({ role: 'BUYER' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download Customer Contracts.pdf' }));
    expect(await screen.findByText('Download failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download Bank Statements.pdf' }));
    expect(await screen.findByText('File URL not available')).toBeInTheDocument();
    expect(screen.queryByText('Download failed')).not.toBeInTheDocument();
  });

  test('a failed load offers a retry', async () => {
    route = () => ({ status: 500, body: { message: 'down' } });
    show({ role: 'BUYER' });
    expect(await screen.findByText('Failed to load data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });

  test('a read refused because the step is locked (409) shows the step as locked, not a failure', async () => {
    route = () => ({ status: 409, body: { message: 'Complete previous steps to unlock' } });
    show({ role: 'BUYER' });
    expect(await screen.findByTestId('step-locked')).toHaveTextContent('Complete previous steps to unlock');
    expect(screen.queryByText('Failed to load data')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });
});

describe('DueDiligenceTable inside a step the buyer has not reached (Preview Mode)', () => {
  const steps: StepDef[] = Array.from({ length: 11 }, (_, id) => ({ id, name: `Step ${id}`, path: `/buyer/step-${id}` }));
  // Current step 3: Due Diligence (id 7) is locked.
  const progress = normalizeProgress({ currentStep: 3, steps: [0, 1, 2].map((id) => ({ id, completed: true })) });
  function showLocked() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <StepFrame stepId={7} steps={steps} progress={progress}>
            <DueDiligenceTable listingId="L1" role="BUYER" />
          </StepFrame>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  test('the server\'s 409 "Complete previous steps to unlock" shows the step as locked', async () => {
    route = () => ({ status: 409, body: { message: 'Complete previous steps to unlock' } });
    showLocked();
    expect(await screen.findByTestId('step-locked')).toHaveTextContent('Complete previous steps to unlock');
    expect(screen.queryByText('Failed to load data')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
    // The frame's Preview Mode notice is the only "Step Not Yet Available" alert.
    expect(screen.getAllByRole('alert').filter((el) => el.textContent?.includes('Step Not Yet Available'))).toHaveLength(1);
  });

  test('a 500 is a failure, not the lock: "Failed to load data" with Retry', async () => {
    route = () => ({ status: 500, body: { message: 'Something went wrong' } });
    showLocked();
    expect(await screen.findByText('Failed to load data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
    expect(screen.queryByTestId('step-locked')).not.toBeInTheDocument();
    expect(screen.getByText('Preview Mode')).toBeInTheDocument();
  });

  test('a network failure is a failure, not the lock', async () => {
    route = () => {
      throw new TypeError('Failed to fetch');
    };
    showLocked();
    expect(await screen.findByText('Failed to load data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
    expect(screen.queryByTestId('step-locked')).not.toBeInTheDocument();
  });
});

describe('DueDiligenceTable, broker/agent mode', () => {
  beforeEach(() => {
    useSession.getState().setSession({ user: { id: 'a-2', email: 'agent@example.com', name: 'Avery Agent', role: 'AGENT' }, sessionToken: 'tok-a' });
  });

  test('reads the buyer\'s table; one Upload per row sends documentName, DUE_DILIGENCE, stepId 7 and buyerId before the file', async () => {
    let state: DueDiligenceData = { requests: [{ documentName: 'Bank Statements' }], documents: [] };
    route = () => ({ status: 200, body: state });
    const onChanged = jest.fn();
    show({ role: 'AGENT', buyerId: 'B4', onChanged });
    const table = await screen.findByRole('table');
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/agent/buyers/B4/listings/L1/due-diligence' });
    expect(within(table).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(table).queryByRole('button', { name: 'Upload (Disabled)' })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^Upload / })).toHaveLength(16);
    expect(count('Pending')).toBe('1');

    const user = userEvent.setup();
    const input = within(row('Bank Statements')).getByLabelText('File for Bank Statements') as HTMLInputElement;
    expect(input.accept).toBe('.pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png');
    await user.upload(input, fileOf('march.pdf', 'application/pdf', 2048));
    expect(FakeXhr.sent).toHaveLength(1);
    const x = FakeXhr.sent[0]!;
    expect(x.method).toBe('POST');
    expect(x.url).toBe('/api/agent/listings/L1/due-diligence/upload');
    expect([...x.body!.keys()]).toEqual(['documentName', 'documentType', 'stepId', 'buyerId', 'file']);
    expect(x.body!.get('documentName')).toBe('Bank Statements');
    expect(x.body!.get('documentType')).toBe('DUE_DILIGENCE');
    expect(x.body!.get('stepId')).toBe('7');
    expect(x.body!.get('buyerId')).toBe('B4');
    act(() => x.progress(512, 1024));
    expect(within(row('Bank Statements')).getByRole('button', { name: /Uploading 50%/ })).toBeDisabled();
    state = { ...state, documents: [file('d5', 'Bank Statements', { fileName: 'march.pdf', fileSize: 2048, url: '/agent/documents/d5/download' })] };
    await act(async () => x.respond(201, { message: 'File uploaded successfully' }));
    expect(await screen.findByText('File uploaded successfully')).toBeInTheDocument();
    await waitFor(() => expect(count('Available')).toBe('1'));
    expect(row('Bank Statements')).toHaveTextContent('march.pdf2 KB');
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  test('upload refused: "Upload failed: {server message}", or "Upload failed" without one; broker path', async () => {
    useSession.getState().setSession({ user: { id: 'b-1', email: 'broker@example.com', name: 'Morgan Broker', role: 'BROKER' }, sessionToken: 'tok-b' });
    route = () => ({ status: 200, body: { requests: [], documents: [] } });
    show({ role: 'broker', buyerId: 'B4' });
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('File for Equipment List'), fileOf('list.pdf', 'application/pdf'));
    expect(FakeXhr.sent[0]!.url).toBe('/api/broker/listings/L1/due-diligence/upload');
    await act(async () => FakeXhr.sent[0]!.respond(400, { message: 'list.pdf: file is empty' }));
    expect(await screen.findByText('Upload failed: list.pdf: file is empty')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('File for Equipment List'), fileOf('list.pdf', 'application/pdf'));
    await act(async () => FakeXhr.sent[1]!.fail());
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
  });
});

describe('DueDiligenceTable, staff mode: the seller\'s files', () => {
  test('listed under "Files from the seller" with their document name; nothing of it in buyer mode', async () => {
    const body = {
      requests: [],
      documents: [],
      sellerDocuments: [file('s1', 'Lease Agreements', { fileName: 'lease.pdf', url: '/broker/documents/s1/download' }), { ...file('s2', 'x', { fileName: 'misc.pdf' }), documentName: null }],
    };
    route = () => ({ status: 200, body });
    const { unmount } = show({ role: 'BROKER', buyerId: 'B4' });
    const list = await screen.findByRole('list', { name: 'Files from the seller' });
    expect(within(list).getByText('lease.pdf (Lease Agreements)')).toBeInTheDocument();
    expect(within(list).getByText('misc.pdf')).toBeInTheDocument();
    unmount();
    show({ role: 'BUYER' });
    await screen.findByRole('table');
    expect(screen.queryByRole('list', { name: 'Files from the seller' })).not.toBeInTheDocument();
  });
});
