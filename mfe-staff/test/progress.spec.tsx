import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedIn, stubApi } from '../../packages/ui/test/remote-harness';
import { FakeXhr, dropOf, fileOf, installFakeXhr } from '../../packages/ui/test/fake-xhr';
import { BUYER, FRAME, LISTING_ID, SELLER, doc, download, held, inMain, listing, ok, person, show, staffProgress, summary } from './staff-fixtures';

// The broker's and agent's progress views of one seller or one buyer on one listing (spec part 3 §2 "Seller and Buyer
// progress screens", §3, §8; issue 10 §4, issue 18, issue 19 §3) in their states: loading, not found, failed, success,
// the step rows and their actions, the files, the upload panel's options, the download audit. Moved from e2e
// staff/progress (each check there paid a real stack and ten reads per reload); the journey itself (complete/reopen
// recorded by listings, the client's upload reaching the staff's screen) is the service tests' and e2e's.

installFakeXhr();

const SELLER_URL = `/broker/sellers/${SELLER.id}/${LISTING_ID}`;
const BUYER_URL = `/broker/buyers/${BUYER.id}/${LISTING_ID}`;
const L = listing({ buyers: [{ id: BUYER.id, name: BUYER.name }] });
type Reply = { status: number; body: unknown } | 'fail' | 'never' | ((body: unknown, url: string) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>);

/** Every read of the progress screen answered; `o` overrides by key. */
function api(area: 'broker' | 'agent', o: Record<string, Reply> = {}) {
  const p = `/api/${area}`;
  return stubApi({
    ...FRAME,
    [`GET ${p}/listings/${LISTING_ID}`]: ok({ listing: L }),
    [`GET ${p}/listings/${LISTING_ID}/progress`]: ok(staffProgress('sellers', 0)),
    [`GET ${p}/buyers/${BUYER.id}/listings/${LISTING_ID}/progress`]: ok(staffProgress('buyers', 0)),
    [`GET ${p}/listings/${LISTING_ID}/seller-documents`]: ok({ documents: [] }),
    [`GET ${p}/listings/${LISTING_ID}/documents`]: ok({ documents: [] }),
    [`GET ${p}/buyers/${BUYER.id}/listings/${LISTING_ID}/documents`]: ok({ documents: [] }),
    [`GET ${p}/buyers`]: ok({ buyers: [{ ...person({ id: BUYER.id, name: BUYER.name, email: BUYER.email }), listings: undefined, buyingListings: [summary()] }] }),
    [`GET ${p}/listings/${LISTING_ID}/activity`]: ok({ downloads: [] }),
    [`GET ${p}/listings/${LISTING_ID}/revocations`]: ok({ revocations: [] }),
    [`GET ${p}/buyers/${BUYER.id}/listings/${LISTING_ID}/offers`]: ok({ offers: [] }),
    ...o,
  });
}
const stepRow = (who: 'Seller' | 'Buyer', n: number) => screen.getByRole('list', { name: `${who} steps` }).querySelector<HTMLElement>(`li[data-step-id="${n - 1}"]`)!;
const header = () => document.querySelector<HTMLElement>('header.staff-progress__header')!;
const region = (name: string) => screen.getByRole('region', { name });

describe('broker seller progress view', () => {
  beforeEach(() => signedIn('BROKER'));

  test('loading, then the header (seller name, e-mail, price), Back to Seller List, and the 11 seller steps with step 1 current', async () => {
    const h = held<{ status: number; body: unknown }>();
    api('broker', { [`GET /api/broker/listings/${LISTING_ID}/progress`]: h.reply });
    show(SELLER_URL);
    expect(await inMain().findByText('Loading progress...')).toBeInTheDocument();
    h.release(ok(staffProgress('sellers', 0)));
    expect(await inMain().findByRole('heading', { level: 1, name: 'Harbour Roastery' })).toBeInTheDocument();
    expect(header()).toHaveTextContent(SELLER.name);
    expect(header()).toHaveTextContent(SELLER.email);
    expect(header()).toHaveTextContent('$425,000.00');
    expect(inMain().getByRole('link', { name: 'Back to Seller List' })).toHaveAttribute('href', '/broker/sellers');
    const steps = region('Seller Progress');
    expect(within(screen.getByRole('list', { name: 'Seller steps' })).getAllByRole('listitem')).toHaveLength(11);
    expect(stepRow('Seller', 1)).toHaveTextContent('Home');
    expect(stepRow('Seller', 3)).toHaveTextContent('Listing Agreement');
    expect(stepRow('Seller', 1)).toHaveAttribute('data-state', 'current');
    expect(steps).toHaveTextContent('Step 1 of 11');
    // one action per row: the current step's Complete; none on a step not available yet
    expect(stepRow('Seller', 3)).toHaveAttribute('data-state', 'locked');
    expect(stepRow('Seller', 3)).toHaveTextContent('Not available');
    expect(within(stepRow('Seller', 3)).queryByRole('button')).not.toBeInTheDocument();
    expect(within(steps).getAllByRole('button', { name: /^Complete step/ })).toHaveLength(1);
  });

  test('the spec\'s notice when the seller has not selected this listing; none when it is their selected one', async () => {
    api('broker', { [`GET /api/broker/listings/${LISTING_ID}/progress`]: ok(staffProgress('sellers', 0, { isViewingSelectedListing: false })) });
    const { unmount } = show(SELLER_URL);
    expect(await inMain().findByText(
      'This seller has not selected this listing yet. The progress they see in their portal belongs to their actual selected listing; the steps below are their progress on this listing.',
    )).toBeInTheDocument();
    unmount();
    api('broker');
    show(SELLER_URL);
    await inMain().findByRole('list', { name: 'Seller steps' });
    expect(inMain().queryByText(/has not selected this listing yet/)).not.toBeInTheDocument();
  });

  test('Complete step 1: "Step marked as completed"; the answer\'s progress shown (step 2 current, who and when)', async () => {
    const calls = api('broker', {
      [`POST /api/broker/sellers/${SELLER.id}/listings/${LISTING_ID}/steps/0/complete`]: ok({ message: 'Step marked as completed', progress: staffProgress('sellers', 1) }),
    });
    show(SELLER_URL);
    const steps = await screen.findByRole('region', { name: 'Seller Progress' });
    await userEvent.click(within(steps).getByRole('button', { name: 'Complete step 1: Home' }));
    expect(await screen.findByText('Step marked as completed')).toBeInTheDocument();
    await waitFor(() => expect(stepRow('Seller', 1)).toHaveAttribute('data-state', 'completed'));
    expect(stepRow('Seller', 2)).toHaveAttribute('data-state', 'current');
    expect(stepRow('Seller', 1)).toHaveTextContent(/Completed by Morgan Broker on [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)/);
    expect(steps).toHaveTextContent('Step 2 of 11');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  test('Reopen a completed step: "Step marked as incomplete"; it is current again', async () => {
    api('broker', {
      [`GET /api/broker/listings/${LISTING_ID}/progress`]: ok(staffProgress('sellers', 1)),
      [`POST /api/broker/sellers/${SELLER.id}/listings/${LISTING_ID}/steps/0/reopen`]: ok({ message: 'Step marked as incomplete', progress: staffProgress('sellers', 0) }),
    });
    show(SELLER_URL);
    await userEvent.click(await screen.findByRole('button', { name: 'Reopen step 1: Home' }));
    expect(await screen.findByText('Step marked as incomplete')).toBeInTheDocument();
    await waitFor(() => expect(stepRow('Seller', 1)).toHaveAttribute('data-state', 'current'));
    expect(screen.getByRole('button', { name: 'Complete step 1: Home' })).toBeInTheDocument();
  });

  test('a refused step change: "Failed to update step status. Please try again."; the step stays as it was', async () => {
    api('broker', { [`POST /api/broker/sellers/${SELLER.id}/listings/${LISTING_ID}/steps/0/complete`]: 'fail' });
    show(SELLER_URL);
    await userEvent.click(await screen.findByRole('button', { name: 'Complete step 1: Home' }));
    expect(await screen.findByText('Failed to update step status. Please try again.')).toBeInTheDocument();
    expect(stepRow('Seller', 1)).toHaveAttribute('data-state', 'current');
  });

  test('Seller Uploaded Files: empty text, then Refresh lists the seller\'s upload and the questionnaire PDF the worker made', async () => {
    let own: unknown[] = [];
    let all: unknown[] = [];
    api('broker', {
      [`GET /api/broker/listings/${LISTING_ID}/seller-documents`]: () => ok({ documents: own }),
      [`GET /api/broker/listings/${LISTING_ID}/documents`]: () => ok({ documents: all }),
    });
    show(SELLER_URL);
    const files = await screen.findByRole('region', { name: 'Seller Uploaded Files' });
    expect(await within(files).findByText('The seller has not uploaded any files yet.')).toBeInTheDocument();
    own = [doc({ id: 'd-s', fileName: 'seller-file.pdf', category: 'SELLER_UPLOAD', type: 'UPLOADED_DOC', uploader: { id: SELLER.id, name: SELLER.name, role: 'SELLER' } })];
    all = [doc({ id: 'd-q', fileName: 'questionnaire.pdf', category: 'GENERATED', type: 'QUESTIONNAIRE', audience: 'SELLER' }), doc({ id: 'd-staff', fileName: 'staff.pdf' })];
    await userEvent.click(within(files).getByRole('button', { name: 'Refresh' }));
    const list = await within(files).findByRole('list', { name: 'Seller Uploaded Files' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getByText('seller-file.pdf')).toBeInTheDocument();
    expect(within(list).getByText('questionnaire.pdf').closest('li')).toHaveTextContent('Questionnaire');
    expect(within(list).queryByText('staff.pdf')).not.toBeInTheDocument();
  });

  test('Upload Documents: the seller-side types and the optional related buyer; no type chosen says so; the upload names the file and lists it', async () => {
    let all: unknown[] = [];
    api('broker', { [`GET /api/broker/listings/${LISTING_ID}/documents`]: () => ok({ documents: all }) });
    show(SELLER_URL);
    const upload = await screen.findByRole('region', { name: 'Upload Documents' });
    const options = (el: HTMLElement) => [...el.querySelectorAll('option')].map((o) => o.textContent);
    expect(options(within(upload).getByLabelText(/^Document type/))).toEqual([
      'Select a document type', 'Listing Agreement', 'Questionnaire', 'Purchase Agreement', 'Purchase Contract', 'Closing Documents',
      'NDA', 'Financial Statement', 'CBR/CIM', 'Due Diligence', 'Other Document',
    ]);
    expect(options(within(upload).getByLabelText('Related buyer (optional)'))).toEqual(['No specific buyer', BUYER.name]);
    expect(await within(upload).findByText('No documents uploaded by staff yet.')).toBeInTheDocument();
    const zone = within(upload).getByRole('group', { name: 'Upload a document for Harbour Roastery' });
    await act(async () => void fireEvent.drop(zone, dropOf([fileOf('agreement.pdf', 'application/pdf')])));
    expect(within(upload).getByRole('alert')).toHaveTextContent('Please select a document type.');
    expect(FakeXhr.sent).toHaveLength(0);

    await userEvent.selectOptions(within(upload).getByLabelText(/^Document type/), 'LISTING_AGREEMENT');
    await userEvent.selectOptions(within(upload).getByLabelText('Related buyer (optional)'), BUYER.id);
    await act(async () => void fireEvent.drop(zone, dropOf([fileOf('agreement.pdf', 'application/pdf')])));
    const [sent] = FakeXhr.sent;
    expect(sent.url).toBe(`/api/broker/listings/${LISTING_ID}/documents`);
    expect(sent.body!.get('documentType')).toBe('LISTING_AGREEMENT');
    expect(sent.body!.get('buyerId')).toBe(BUYER.id);
    all = [doc({ fileName: 'agreement.pdf' })];
    await act(async () => sent.respond(201, { message: 'File uploaded successfully', document: all[0] }));
    expect(await screen.findByText('Successfully uploaded agreement.pdf for listing')).toBeInTheDocument();
    const item = (await within(upload).findByRole('list', { name: 'Documents uploaded by staff' })).querySelector('li')!;
    expect(item).toHaveTextContent('Listing Agreement');
    expect(item).toHaveTextContent('by Morgan Broker (BROKER)');
  });

  test('the folded sections: the download audit of this client ("No downloads yet." or their downloads), all activity one link away', async () => {
    const mine = [download({ fileName: 'cim.pdf', via: 'viewer' }), download({ fileName: 'memo.pdf' })];
    api('broker', { [`GET /api/broker/listings/${LISTING_ID}/activity`]: (_b, url) => ok({ downloads: url.includes(`userId=${SELLER.id}`) ? mine : [] }) });
    show(SELLER_URL);
    const audit = await screen.findByRole('region', { name: 'Download Activity' });
    const table = await within(audit).findByRole('table', { name: 'Downloads by this client' });
    expect(within(table).getByRole('row', { name: /cim\.pdf/ })).toHaveTextContent('Opened in viewer');
    expect(within(table).getByRole('row', { name: /memo\.pdf/ })).toHaveTextContent('Downloaded');
    expect(within(audit).getByRole('link', { name: 'All activity of this listing' })).toHaveAttribute('href', `/broker/listings/${LISTING_ID}/activity`);
    expect(audit.closest('details')).not.toHaveAttribute('open');
  });

  test('a listing or client the server does not know (404): "Listing not found", "This listing or client could not be found."', async () => {
    api('broker', { [`GET /api/broker/listings/${LISTING_ID}`]: { status: 404, body: { message: 'Listing not found' } } });
    show(SELLER_URL);
    expect(await inMain().findByRole('heading', { level: 1, name: 'Listing not found' })).toBeInTheDocument();
    expect(inMain().getByText('This listing or client could not be found.')).toBeInTheDocument();
    expect(inMain().getByRole('link', { name: 'Back to Seller List' })).toHaveAttribute('href', '/broker/sellers');
    expect(screen.queryByRole('region', { name: 'Seller Progress' })).not.toBeInTheDocument();
  });

  test('the listing of another seller (the URL\'s seller is not its seller): "Listing not found"', async () => {
    api('broker', { [`GET /api/broker/listings/${LISTING_ID}`]: ok({ listing: listing({ seller: { id: 's-other', name: 'Other' } }) }) });
    show(SELLER_URL);
    expect(await inMain().findByRole('heading', { level: 1, name: 'Listing not found' })).toBeInTheDocument();
  });

  test('a failed load: "Failed to load data. Please try again later." with Retry', async () => {
    api('broker', { [`GET /api/broker/listings/${LISTING_ID}`]: 'fail', [`GET /api/broker/listings/${LISTING_ID}/progress`]: 'fail' });
    show(SELLER_URL);
    expect(await inMain().findByText('Failed to load data. Please try again later.')).toBeInTheDocument();
    expect(inMain().getByRole('heading', { level: 1, name: 'Seller Progress' })).toBeInTheDocument();
    expect(inMain().getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  test('the progress alone failing: the steps panel says "Progress is not available." with Retry', async () => {
    api('broker', { [`GET /api/broker/listings/${LISTING_ID}/progress`]: 'fail' });
    show(SELLER_URL);
    const steps = await screen.findByRole('region', { name: 'Seller Progress' });
    expect(within(steps).getByText('Progress is not available.')).toBeInTheDocument();
    expect(within(steps).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('broker buyer progress view', () => {
  beforeEach(() => signedIn('BROKER'));

  test('header: the buyer (name, e-mail from the buyers list) and the seller; Back to Buyer List; the buyer\'s steps; a completed step has Reopen', async () => {
    const p = staffProgress('buyers', 0);
    p.steps[2] = { ...p.steps[2]!, completed: true, completedAt: '2026-11-20T10:00:00.000Z', completedByName: 'Morgan Broker' };
    api('broker', { [`GET /api/broker/buyers/${BUYER.id}/listings/${LISTING_ID}/progress`]: ok({ ...p, isViewingSelectedListing: false }) });
    show(BUYER_URL);
    await inMain().findByRole('heading', { level: 1, name: 'Harbour Roastery' });
    await waitFor(() => expect(header()).toHaveTextContent(BUYER.email));
    expect(header()).toHaveTextContent(BUYER.name);
    expect(header()).toHaveTextContent(SELLER.name);
    expect(header()).toHaveTextContent(SELLER.email);
    expect(inMain().getByRole('link', { name: 'Back to Buyer List' })).toHaveAttribute('href', '/broker/buyers');
    expect(inMain().getByText(/^This buyer has not selected this listing yet\./)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Buyer steps' })).getAllByRole('listitem')).toHaveLength(11);
    expect(stepRow('Buyer', 1)).toHaveTextContent('Select Listing');
    expect(stepRow('Buyer', 8)).toHaveTextContent('Due Diligence');
    expect(stepRow('Buyer', 3)).toHaveAttribute('data-state', 'completed');
    expect(within(region('Buyer Progress')).getByRole('button', { name: 'Reopen step 3: Non Disclosure' })).toBeInTheDocument();
    expect(stepRow('Buyer', 1)).toHaveAttribute('data-state', 'current');
  });

  test('Upload Documents: the buyer-side types, no related-buyer choice, the upload is for this buyer; the buyer\'s files apart from the staff\'s', async () => {
    api('broker', {
      [`GET /api/broker/buyers/${BUYER.id}/listings/${LISTING_ID}/documents`]: ok({
        documents: [
          doc({ id: 'd-b', fileName: 'buyer-file.pdf', category: 'BUYER_UPLOAD', type: 'UPLOADED_DOC', buyerId: BUYER.id, uploader: { id: BUYER.id, name: BUYER.name, role: 'BUYER' } }),
          doc({ id: 'd-st', fileName: 'for-the-buyer.pdf', type: 'UPLOADED_DOC', buyerId: BUYER.id }),
        ],
      }),
    });
    show(BUYER_URL);
    const upload = await screen.findByRole('region', { name: 'Upload Documents' });
    expect([...within(upload).getByLabelText(/^Document type/).querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Select a document type', 'NDA', 'Financial Statement', 'CBR/CIM', 'Purchase Contract', 'Due Diligence', 'Pre-Close Checklist',
      'Closing Documents', 'After Sale', 'Other Document',
    ]);
    expect(within(upload).queryByLabelText('Related buyer (optional)')).not.toBeInTheDocument();
    const staff = await within(upload).findByRole('list', { name: 'Documents uploaded by staff' });
    expect(staff).toHaveTextContent('for-the-buyer.pdf');
    expect(staff).not.toHaveTextContent('buyer-file.pdf');
    const files = within(region('Buyer Uploaded Files')).getByRole('list', { name: 'Buyer Uploaded Files' });
    expect(files).toHaveTextContent('buyer-file.pdf');
    expect(files).not.toHaveTextContent('for-the-buyer.pdf');

    await userEvent.selectOptions(within(upload).getByLabelText(/^Document type/), 'UPLOADED_DOC');
    const zone = within(upload).getByRole('group', { name: 'Upload a document for Harbour Roastery' });
    await act(async () => void fireEvent.drop(zone, dropOf([fileOf('cim.pdf', 'application/pdf')])));
    expect(FakeXhr.sent.at(-1)!.body!.get('buyerId')).toBe(BUYER.id);
  });

  test('empty: "The buyer has not uploaded any files yet."; the offers panel and the due-diligence table are on the page', async () => {
    api('broker');
    show(BUYER_URL);
    const files = await screen.findByRole('region', { name: 'Buyer Uploaded Files' });
    expect(await within(files).findByText('The buyer has not uploaded any files yet.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Offers' })).toBeInTheDocument();
    expect(screen.getByText('Due diligence', { selector: '.staff-more__title' })).toBeInTheDocument();
  });
});

describe('agent progress views', () => {
  beforeEach(() => signedIn('AGENT'));

  test('an assigned client\'s view is read-only for the agent: no Complete or Reopen; Back to Seller List goes to /agent/sellers', async () => {
    const calls = api('agent', { [`GET /api/agent/listings/${LISTING_ID}/progress`]: ok(staffProgress('sellers', 2)) });
    show(`/agent/sellers/${SELLER.id}/${LISTING_ID}`);
    const steps = await screen.findByRole('region', { name: 'Seller Progress' });
    expect(header()).toHaveTextContent(SELLER.email);
    expect(inMain().getByRole('link', { name: 'Back to Seller List' })).toHaveAttribute('href', '/agent/sellers');
    expect(stepRow('Seller', 3)).toHaveAttribute('data-state', 'current');
    expect(within(steps).queryByRole('button', { name: /^(Complete|Reopen) step/ })).not.toBeInTheDocument();
    expect(calls.every((c) => !c.url.startsWith('/api/broker/'))).toBe(true);
  });

  test('a listing not assigned to the agent (the server answers 404): "Listing not found" for the buyer route too; Back to Buyer List', async () => {
    api('agent', { [`GET /api/agent/buyers/${BUYER.id}/listings/${LISTING_ID}/progress`]: { status: 404, body: { message: 'Listing not found' } } });
    show(`/agent/buyers/${BUYER.id}/${LISTING_ID}`);
    expect(await inMain().findByRole('heading', { level: 1, name: 'Listing not found' })).toBeInTheDocument();
    expect(inMain().getByText('This listing or client could not be found.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Buyer Progress' })).not.toBeInTheDocument();
    expect(inMain().getByRole('link', { name: 'Back to Buyer List' })).toHaveAttribute('href', '/agent/buyers');
  });
});

