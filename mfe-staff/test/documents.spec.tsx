import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedIn, stubApi } from '../../packages/ui/test/remote-harness';
import { FakeXhr, dropOf, fileOf, installFakeXhr } from '../../packages/ui/test/fake-xhr';
import { BUYER, FRAME, LISTING_ID, SELLER, doc, download, inMain, listing, ok, person, show, summary } from './staff-fixtures';

// Listing documents under a seller's or buyer's row (Sellers/Buyers Management) and the listing's Activity screen
// (issue 8 §2, §6; spec part 3 §3, §5, §8) in their states. Moved from e2e documents/staff-documents and staff/people:
// the type options, the related buyer, "Please select a document type.", the upload's fields and its success text,
// staff uploads with Delete and the client's own without, delete with confirm, the Activity table and its filter.
// A real file's round trip (upload, the seller's download, the audit) stays in e2e.

installFakeXhr();

const SELLER_ROW = person({ listings: [summary()] });
const BUYER_ROW = { ...person({ id: BUYER.id, name: BUYER.name, email: BUYER.email }), buyingListings: [summary()] };
const STAFF_DOC = doc({ id: 'd-staff', fileName: 'agreement.pdf' });
const CLIENT_DOC = doc({ id: 'd-own', fileName: 'seller-own.pdf', category: 'SELLER_UPLOAD', type: 'UPLOADED_DOC', uploader: { id: SELLER.id, name: SELLER.name, role: 'SELLER' } });
const optionsOf = (el: HTMLElement) => [...el.querySelectorAll('option')].map((o) => o.textContent);

/** Sellers Management (or Buyers) → the row → Documents of the listing: the panel. */
async function openPanel(kind: 'sellers' | 'buyers', name: string) {
  show(`/broker/${kind}`);
  const heading = await inMain().findByRole('heading', { name });
  const row = heading.closest('li')!;
  await userEvent.click(within(row).getByRole('button', { name: new RegExp(`^Show ${kind === 'sellers' ? 'listings' : 'interested listings'}`) }));
  const docs = within(within(row).getByRole('list', { name: `Listing documents of ${name}` })).getByText('Harbour Roastery').closest('li')!;
  await userEvent.click(within(docs).getByRole('button', { name: 'Documents of Harbour Roastery' }));
  return docs;
}

beforeEach(() => signedIn('BROKER'));

describe('listing documents under a seller\'s row', () => {
  test('the seller-side types, the listing\'s buyers as the related buyer; staff uploads have Delete, the client\'s own are listed apart without', async () => {
    stubApi({
      ...FRAME,
      'GET /api/broker/sellers': ok({ sellers: [SELLER_ROW] }),
      [`GET /api/broker/listings/${LISTING_ID}`]: ok({ listing: listing({ buyers: [{ id: BUYER.id, name: BUYER.name }] }) }),
      [`GET /api/broker/listings/${LISTING_ID}/documents`]: ok({ documents: [STAFF_DOC, CLIENT_DOC] }),
    });
    const panel = await openPanel('sellers', SELLER.name);
    expect(optionsOf(within(panel).getByLabelText(/^Document type/))).toEqual([
      'Select a document type', 'Listing Agreement', 'Purchase Agreement', 'Closing Documents', 'Other Document',
    ]);
    await waitFor(() => expect(optionsOf(within(panel).getByLabelText('Related buyer (optional)'))).toEqual(['No specific buyer', BUYER.name]));
    expect(within(panel).getByRole('group', { name: 'Upload a document for Harbour Roastery' })).toHaveTextContent('Accepted: .pdf, .doc, .docx · up to 10MB');
    const staff = await within(panel).findByRole('list', { name: 'Documents of Harbour Roastery' });
    expect(within(staff).getAllByRole('listitem')).toHaveLength(1);
    expect(staff).toHaveTextContent('Listing Agreement');
    expect(staff).toHaveTextContent('by Morgan Broker (BROKER)');
    expect(within(staff).getByRole('link', { name: /View \/ Download agreement\.pdf/ })).toHaveAttribute('target', '_blank');
    expect(within(staff).getByRole('button', { name: 'Delete agreement.pdf' })).toBeInTheDocument();
    const own = within(panel).getByRole('list', { name: 'Client uploads of Harbour Roastery' });
    expect(own).toHaveTextContent(`by ${SELLER.name} (SELLER)`);
    expect(within(own).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(panel).getByText('Uploaded by the seller or buyer')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Activity of Harbour Roastery' })).toHaveAttribute('href', `/broker/listings/${LISTING_ID}/activity`);
  });

  test('no type chosen: "Please select a document type.", nothing sent; with a type the upload sends it and says "Successfully uploaded {file} for listing"', async () => {
    let docs: unknown[] = [];
    stubApi({
      ...FRAME,
      'GET /api/broker/sellers': ok({ sellers: [SELLER_ROW] }),
      [`GET /api/broker/listings/${LISTING_ID}`]: ok({ listing: listing() }),
      [`GET /api/broker/listings/${LISTING_ID}/documents`]: () => ok({ documents: docs }),
    });
    const panel = await openPanel('sellers', SELLER.name);
    expect(await within(panel).findByText('No documents for this listing yet.')).toBeInTheDocument();
    const zone = within(panel).getByRole('group', { name: 'Upload a document for Harbour Roastery' });
    const sentBefore = FakeXhr.sent.length;
    await act(async () => void fireEvent.drop(zone, dropOf([fileOf('agreement.pdf', 'application/pdf')])));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Please select a document type.');
    expect(FakeXhr.sent).toHaveLength(sentBefore);

    await userEvent.selectOptions(within(panel).getByLabelText(/^Document type/), 'LISTING_AGREEMENT');
    await act(async () => void fireEvent.drop(zone, dropOf([fileOf('agreement.pdf', 'application/pdf')])));
    const sent = FakeXhr.sent.at(-1)!;
    expect(sent.url).toBe(`/api/broker/listings/${LISTING_ID}/documents`);
    expect(sent.body!.get('documentType')).toBe('LISTING_AGREEMENT');
    expect(sent.body!.get('buyerId')).toBeNull();
    docs = [STAFF_DOC];
    await act(async () => sent.respond(201, { message: 'File uploaded successfully', document: STAFF_DOC }));
    expect(await screen.findByText('Successfully uploaded agreement.pdf for listing')).toBeInTheDocument();
    expect(await within(panel).findByRole('list', { name: 'Documents of Harbour Roastery' })).toHaveTextContent('agreement.pdf');
  });

  test('a server refusal reads "Upload failed: {server message}"', async () => {
    stubApi({
      ...FRAME,
      'GET /api/broker/sellers': ok({ sellers: [SELLER_ROW] }),
      [`GET /api/broker/listings/${LISTING_ID}`]: ok({ listing: listing() }),
      [`GET /api/broker/listings/${LISTING_ID}/documents`]: ok({ documents: [] }),
    });
    const panel = await openPanel('sellers', SELLER.name);
    await userEvent.selectOptions(within(panel).getByLabelText(/^Document type/), 'UPLOADED_DOC');
    await act(async () => void fireEvent.drop(within(panel).getByRole('group', { name: 'Upload a document for Harbour Roastery' }), dropOf([fileOf('disguised.pdf', 'application/pdf')])));
    await act(async () => FakeXhr.sent.at(-1)!.respond(400, { message: "disguised.pdf: the file's content does not match its extension" }));
    expect(await within(panel).findByText("Upload failed: disguised.pdf: the file's content does not match its extension")).toBeInTheDocument();
  });

  test('delete asks "Are you sure you want to delete this document?": Cancel keeps it; confirming deletes it ("Document deleted successfully")', async () => {
    let docs = [STAFF_DOC];
    const calls = stubApi({
      ...FRAME,
      'GET /api/broker/sellers': ok({ sellers: [SELLER_ROW] }),
      [`GET /api/broker/listings/${LISTING_ID}`]: ok({ listing: listing() }),
      [`GET /api/broker/listings/${LISTING_ID}/documents`]: () => ok({ documents: docs }),
      [`DELETE /api/broker/listings/${LISTING_ID}/documents/d-staff`]: () => ((docs = []), ok({ message: 'Document deleted successfully' })),
    });
    const panel = await openPanel('sellers', SELLER.name);
    await userEvent.click(await within(panel).findByRole('button', { name: 'Delete agreement.pdf' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete document' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this document?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(panel).getByRole('button', { name: 'Delete agreement.pdf' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Delete document' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document deleted successfully')).toBeInTheDocument();
    expect(await within(panel).findByText('No documents for this listing yet.')).toBeInTheDocument();
  });

  test('a failed load: "Failed to load documents. Please try again later." with Retry', async () => {
    stubApi({
      ...FRAME,
      'GET /api/broker/sellers': ok({ sellers: [SELLER_ROW] }),
      [`GET /api/broker/listings/${LISTING_ID}`]: ok({ listing: listing() }),
      [`GET /api/broker/listings/${LISTING_ID}/documents`]: 'fail',
    });
    const panel = await openPanel('sellers', SELLER.name);
    expect(await within(panel).findByText('Failed to load documents. Please try again later.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('listing documents under a buyer\'s row', () => {
  test('the buyer-side types, no related buyer; the list and the upload are that buyer\'s', async () => {
    const calls = stubApi({
      ...FRAME,
      'GET /api/broker/buyers': ok({ buyers: [BUYER_ROW] }),
      [`GET /api/broker/buyers/${BUYER.id}/listings/${LISTING_ID}/documents`]: ok({ documents: [doc({ fileName: 'cim.pdf', type: 'CBR_CIM', buyerId: BUYER.id })] }),
    });
    const panel = await openPanel('buyers', BUYER.name);
    expect(optionsOf(within(panel).getByLabelText(/^Document type/))).toEqual([
      'Select a document type', 'NDA', 'Financial Statement', 'CBR/CIM', 'Purchase Contract', 'Due Diligence', 'Pre-Close Checklist',
      'Closing Documents', 'Other Document',
    ]);
    expect(within(panel).queryByLabelText('Related buyer (optional)')).not.toBeInTheDocument();
    expect(await within(panel).findByRole('list', { name: 'Documents of Harbour Roastery' })).toHaveTextContent('CBR/CIM');
    expect(calls.some((c) => c.url === `/api/broker/listings/${LISTING_ID}/documents`)).toBe(false);
    await userEvent.selectOptions(within(panel).getByLabelText(/^Document type/), 'CBR_CIM');
    await act(async () => void fireEvent.drop(within(panel).getByRole('group', { name: 'Upload a document for Harbour Roastery' }), dropOf([fileOf('cim.pdf', 'application/pdf')])));
    expect(FakeXhr.sent.at(-1)!.body!.get('buyerId')).toBe(BUYER.id);
    expect(FakeXhr.sent.at(-1)!.body!.get('documentType')).toBe('CBR_CIM');
  });
});

describe('the listing\'s Activity screen', () => {
  const DOWNLOADS = [
    download({ id: 'dl-1', who: 'SELLER', downloadedAt: '2026-11-20T09:00:00.000Z' }),
    download({ id: 'dl-2', who: 'BROKER', downloadedAt: '2026-11-20T11:00:00.000Z', ip: null }),
  ];
  const OPENED = download({ id: 'dl-3', who: 'BUYER', downloadedAt: '2026-11-20T12:00:00.000Z', via: 'viewer', fileName: 'cim.pdf', documentType: 'CBR_CIM', watermarked: true });

  test('newest first with person, role, e-mail, document and address; the filter by person reads that person\'s downloads', async () => {
    stubApi({
      ...FRAME,
      [`GET /api/broker/listings/${LISTING_ID}`]: ok({ listing: listing() }),
      [`GET /api/broker/listings/${LISTING_ID}/activity`]: (_b, url) => {
        const userId = new URL(url, 'http://x').searchParams.get('userId');
        return ok({ downloads: userId ? DOWNLOADS.filter((d) => d.user.id === userId) : DOWNLOADS });
      },
    });
    show(`/broker/listings/${LISTING_ID}/activity`);
    expect(await inMain().findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    const table = await inMain().findByRole('table', { name: 'Downloads of Harbour Roastery' });
    expect(inMain().getByText('Document downloads and viewer openings of Harbour Roastery, newest first.')).toBeInTheDocument();
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toHaveTextContent('Morgan Broker');
    expect(rows()[0]).toHaveTextContent('—');
    expect(rows()[1]).toHaveTextContent('Sam Seller');
    expect(rows()[1]).toHaveTextContent(`SELLER · ${SELLER.email}`);
    expect(rows()[1]).toHaveTextContent('Listing Agreement');
    expect(rows()[1]).toHaveTextContent('10.0.0.1');
    const filter = inMain().getByLabelText('Filter by person');
    expect(optionsOf(filter)).toEqual(['Everyone', 'Morgan Broker (BROKER)', 'Sam Seller (SELLER)']);
    await userEvent.selectOptions(filter, SELLER.id);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Sam Seller');
  });

  test('an opening in the viewer reads "Opened in viewer", a download of the file "Downloaded" (the record\'s via)', async () => {
    stubApi({
      ...FRAME,
      [`GET /api/broker/listings/${LISTING_ID}`]: ok({ listing: listing() }),
      [`GET /api/broker/listings/${LISTING_ID}/activity`]: ok({ downloads: [...DOWNLOADS, OPENED] }),
    });
    show(`/broker/listings/${LISTING_ID}/activity`);
    const table = await inMain().findByRole('table', { name: 'Downloads of Harbour Roastery' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Date', 'Person', 'Document', 'Action', 'IP address']);
    const action = (row: HTMLElement) => within(row).getAllByRole('cell')[headers.indexOf('Action')]!.textContent;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(action)).toEqual(['Opened in viewer', 'Downloaded', 'Downloaded']);
    expect(rows[0]).toHaveTextContent(BUYER.name);
    expect(rows[0]).toHaveTextContent('cim.pdf');
  });

  test('empty: "No downloads yet."; a failed load: "Failed to load activity. Please try again later." with Retry', async () => {
    stubApi({ ...FRAME, [`GET /api/broker/listings/${LISTING_ID}`]: ok({ listing: listing() }), [`GET /api/broker/listings/${LISTING_ID}/activity`]: ok({ downloads: [] }) });
    const { unmount } = show(`/broker/listings/${LISTING_ID}/activity`);
    expect(await inMain().findByText('No downloads yet.')).toBeInTheDocument();
    unmount();
    stubApi({
      ...FRAME,
      [`GET /api/broker/listings/${LISTING_ID}`]: ok({ listing: listing() }),
      [`GET /api/broker/listings/${LISTING_ID}/activity`]: 'fail',
      [`GET /api/broker/listings/${LISTING_ID}/engagement`]: ok({ listingId: LISTING_ID, buyers: [] }),
    });
    show(`/broker/listings/${LISTING_ID}/activity`);
    expect(await inMain().findByText('Failed to load activity. Please try again later.')).toBeInTheDocument();
    expect(inMain().getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
