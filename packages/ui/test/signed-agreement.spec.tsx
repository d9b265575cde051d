import type { ReactNode } from 'react';
import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { configureApiClient, useSession } from '@brokerage/api-client';
import type { DocumentDto } from '@brokerage/contracts/documents';
import { LISTING_AGREEMENT_MSG, LISTING_AGREEMENT_TEXT } from '@brokerage/contracts/listing-agreement';
import { SignedAgreement, type SignedAgreementProps } from '../src/components/agreement/signed-agreement';
import { useAgreementDownload, useSignedCopyStored } from '../src/components/agreement/agreement-hooks';
import { Toaster } from '../src/components/toast';
import { FakeXhr, dropOf, fileOf, installFakeXhr } from './fake-xhr';
import { stubFetch, type StubCall, type StubRoute } from './fetch-stub';

installFakeXhr();

const PDF = 'application/pdf';
const NOV_21 = new Date(2026, 10, 21, 13, 5).toISOString();

const doc = (id: string, over: Partial<DocumentDto> = {}) =>
  ({
    id,
    fileName: `${id}.pdf`,
    fileSize: 1536,
    uploadedAt: NOV_21,
    url: `/seller/listings/L1/documents/${id}/download`,
    type: 'LISTING_AGREEMENT',
    stepId: 2,
    category: 'STAFF_UPLOAD',
    operationType: 'UPLOAD',
    uploader: { id: 'b-1', name: 'Morgan Broker', role: 'BROKER' },
    listingId: 'L1',
    buyerId: null,
    audience: 'SELLER',
    contentType: PDF,
    sha256: 'x',
    ...over,
  }) as DocumentDto;

/** The listing agreement screen's words (spec part 2 §2, §8), as the seller remote passes them. */
const TEXTS = LISTING_AGREEMENT_TEXT;
const NONE = LISTING_AGREEMENT_MSG.notProvided;

let calls: StubCall[] = [];
let route: StubRoute;
let saved: string[] = [];

beforeEach(() => {
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined });
  useSession.getState().setSession({ user: { id: 'u-3', email: 'seller@example.com', name: 'Sam Seller', role: 'SELLER' }, sessionToken: 'tok-3', token: 'tok-3' });
  route = () => ({ status: 404, body: { message: 'Not found' } });
  calls = stubFetch((method, url, body) => route(method, url, body));
  // saveDocument reads the download as a blob and clicks a temporary link: give the stub and jsdom both.
  const plain = globalThis.fetch;
  globalThis.fetch = (async (url: string, init?: RequestInit) => Object.assign(await plain(url, init), { blob: async () => new Blob(['%PDF-1.4']) })) as typeof fetch;
  Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
  saved = [];
  // jsdom cannot navigate to the blob: note the name the browser would save it under instead
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => jest.restoreAllMocks());

function show(props: Partial<SignedAgreementProps<DocumentDto>> = {}) {
  const onDownload = jest.fn<(d: DocumentDto) => void>();
  const onUploaded = jest.fn<(answer: unknown) => void>();
  const onDelete = jest.fn<(d: DocumentDto) => Promise<unknown>>(async () => undefined);
  render(
    <SignedAgreement
      texts={TEXTS}
      document={doc('agreement')}
      missing={<p>{NONE}</p>}
      onDownload={onDownload}
      uploadPath="/seller/listing-agreement"
      onUploaded={onUploaded}
      signedCopies={[]}
      onDelete={onDelete}
      {...props}
    />,
  );
  return { onDownload, onUploaded, onDelete };
}

const section = (title: string) => screen.getByRole('region', { name: title });

describe('SignedAgreement', () => {
  test('section 1: the provided file, "Provided by: {name} ({role}) · {date}", and its download button hands the document to the screen', async () => {
    const { onDownload } = show();
    const one = section('1. Download the listing agreement');
    expect(one).toHaveTextContent('agreement.pdf');
    expect(one).toHaveTextContent('Provided by: Morgan Broker (BROKER) · Nov 21, 2026 1:05 PM');
    expect(screen.queryByText(NONE)).not.toBeInTheDocument();
    await userEvent.click(within(one).getByRole('button', { name: 'Download Listing Agreement' }));
    expect(onDownload).toHaveBeenCalledTimes(1);
    expect(onDownload.mock.calls[0][0].id).toBe('agreement');
  });

  test('documentMeta replaces the provided-by line (who prepared it, the version)', () => {
    show({ documentMeta: 'Prepared by: Morgan Broker (BROKER) · Version 2' });
    const one = section('1. Download the listing agreement');
    expect(one).toHaveTextContent('Prepared by: Morgan Broker (BROKER) · Version 2');
    expect(one).not.toHaveTextContent('Provided by:');
  });

  test('nothing provided: the screen\'s texts under its own title, no download button', () => {
    show({ document: null, missingTitle: 'Purchase Agreement Not Available Yet' });
    expect(screen.getByRole('heading', { name: 'Purchase Agreement Not Available Yet' })).toBeInTheDocument();
    expect(screen.getByText(NONE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Listing Agreement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '1. Download the listing agreement' })).not.toBeInTheDocument();
  });

  test('without missingTitle section 1 keeps the download title', () => {
    show({ document: null });
    expect(section('1. Download the listing agreement')).toHaveTextContent(NONE);
  });

  test('section 2: the notice, one agreement file (.pdf .doc .docx, "up to 10MB"), the empty list text', () => {
    show({ uploadNotice: <p>Please upload the signed copy within 48 hours.</p> });
    const two = section('2. Upload the signed agreement');
    expect(two).toHaveTextContent('Please upload the signed copy within 48 hours.');
    const zone = within(two).getByRole('group', { name: 'Upload signed listing agreement' });
    expect(zone).toHaveTextContent('Accepted: .pdf, .doc, .docx · up to 10MB');
    expect(within(zone).getByRole('button', { name: 'Choose file' })).toBeInTheDocument();
    expect(two).toHaveTextContent('No signed copy uploaded yet.');
  });

  test('a dropped signed copy is POSTed to the screen\'s route with its fields; the answer goes to onUploaded', async () => {
    const { onUploaded } = show({ uploadPath: '/seller/documents/upload', uploadFields: { documentType: 'PURCHASE_AGREEMENT', stepId: '6' } });
    const zone = screen.getByRole('group', { name: 'Upload signed listing agreement' });
    await act(async () => {
      fireEvent.drop(zone, dropOf([fileOf('signed.pdf', PDF)]));
    });
    expect(FakeXhr.sent).toHaveLength(1);
    const [xhr] = FakeXhr.sent;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/seller/documents/upload');
    expect([...xhr.body!.keys()]).toEqual(['documentType', 'stepId', 'file']);
    expect(xhr.body!.get('documentType')).toBe('PURCHASE_AGREEMENT');
    expect((xhr.body!.get('file') as File).name).toBe('signed.pdf');
    const answer = { message: 'Signed listing agreement uploaded successfully!', agreement: { status: 'SIGNED' } };
    await act(async () => xhr.respond(201, answer));
    expect(onUploaded).toHaveBeenCalledWith(answer);
  });

  test('the listing agreement route: only the file; a 409 shows "Upload failed: {server message}" and onUploaded is not called', async () => {
    const { onUploaded } = show();
    await act(async () => {
      fireEvent.drop(screen.getByRole('group', { name: 'Upload signed listing agreement' }), dropOf([fileOf('signed.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')]));
    });
    const [xhr] = FakeXhr.sent;
    expect(xhr.url).toBe('/api/seller/listing-agreement');
    expect([...xhr.body!.keys()]).toEqual(['file']);
    await act(async () => xhr.respond(409, { message: NONE }));
    expect(screen.getByRole('alert')).toHaveTextContent(`Upload failed: ${NONE}`);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  test('no listing selected (uploadPath null): "Please select a listing first" and nothing is sent', async () => {
    show({ uploadPath: null });
    await act(async () => {
      fireEvent.drop(screen.getByRole('group', { name: 'Upload signed listing agreement' }), dropOf([fileOf('signed.pdf', PDF)]));
    });
    expect(FakeXhr.sent).toHaveLength(0);
    expect(screen.getByText('Please select a listing first')).toBeInTheDocument();
  });

  test('signed copies: name, size, date, view link; Delete asks "Are you sure you want to delete this file?" then calls onDelete', async () => {
    const signed = doc('signed copy', { category: 'SELLER_UPLOAD', fileSize: 2048 });
    const { onDelete } = show({ signedCopies: [signed], signedSummary: <p>Status: Signed</p> });
    const list = screen.getByRole('list', { name: 'Your signed copies' });
    expect(list).toHaveTextContent('signed copy.pdf');
    expect(list).toHaveTextContent('2 KB');
    expect(list).toHaveTextContent('Nov 21, 2026 1:05 PM');
    expect(within(list).getByRole('link', { name: /View \/ Download signed copy\.pdf/ })).toHaveAttribute('href', '/api/seller/listings/L1/documents/signed copy/download');
    expect(screen.getByText('Status: Signed')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your signed copies' })).not.toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: /Delete/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this file?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
    expect(onDelete.mock.calls[0][0].id).toBe('signed copy');
  });

  test('the purchase contract\'s list: a heading of its own and sizes in KB under 1 MB', () => {
    show({
      texts: { ...TEXTS, listLabel: 'Uploaded Signed Contracts', empty: 'No signed contracts uploaded yet.' },
      listHeading: true,
      sizeStyle: 'kb-mb',
      signedCopies: [doc('contract', { fileSize: 1536 })],
    });
    expect(screen.getByRole('heading', { name: 'Uploaded Signed Contracts' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Uploaded Signed Contracts' })).toHaveTextContent('1.5 KB');
  });
});

describe('useAgreementDownload / useSignedCopyStored', () => {
  function withClient(ui: ReactNode) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        {ui}
        <Toaster />
      </QueryClientProvider>,
    );
  }

  const TEXT = { none: NONE, downloaded: 'Listing agreement downloaded successfully!', failed: 'Download failed. Please try again.' };

  function Download({ target, value }: { target?: (v: DocumentDto | null) => { url: string; fileName: string } | null; value: DocumentDto | null }) {
    const download = useAgreementDownload(TEXT, target);
    return <button onClick={() => download.mutate(value)}>Download</button>;
  }

  test('the document\'s own url is fetched with the session and saved; the success text', async () => {
    route = () => ({ status: 200, body: 'pdf' });
    withClient(<Download value={doc('agreement')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Listing agreement downloaded successfully!')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual(['GET /api/seller/listings/L1/documents/agreement/download']);
    expect(saved).toEqual(['agreement.pdf']);
  });

  test('a target names another route (the contract download of a listing)', async () => {
    route = () => ({ status: 200, body: 'pdf' });
    withClient(<Download value={doc('contract')} target={(d) => (d ? { url: '/buyer/listings/L1/contract/download', fileName: d.fileName } : null)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Listing agreement downloaded successfully!')).toBeInTheDocument();
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/buyer/listings/L1/contract/download']);
    expect(saved).toEqual(['contract.pdf']);
  });

  test('nothing to download: the `none` text and no call', async () => {
    withClient(<Download value={null} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText(NONE)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(saved).toEqual([]);
  });

  test('a refused download: the `failed` text, nothing saved', async () => {
    route = () => ({ status: 403, body: { message: 'Forbidden' } });
    withClient(<Download value={doc('agreement')} />);
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Download failed. Please try again.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(saved).toEqual([]);
  });

  test('a stored signed copy: the spec\'s text, the screen\'s query and progress reload', async () => {
    route = (_m, url) => ({ status: 200, body: url.includes('progress') ? { currentStep: 2, steps: [] } : { n: calls.length } });
    function Stored() {
      useQuery({ queryKey: ['portal', 'seller', 'listing-agreement'], queryFn: () => fetch('/api/seller/listing-agreement').then(() => 1) });
      useQuery({ queryKey: ['portal', 'seller', 'progress'], queryFn: () => fetch('/api/seller/progress').then(() => 1) });
      const stored = useSignedCopyStored('seller', ['portal', 'seller', 'listing-agreement'], 'Signed listing agreement uploaded successfully!');
      return <button onClick={stored}>Stored</button>;
    }
    withClient(<Stored />);
    await waitFor(() => expect(calls).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Stored' }));
    expect(await screen.findByText('Signed listing agreement uploaded successfully!')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/seller/listing-agreement')).toHaveLength(2));
  });
});
