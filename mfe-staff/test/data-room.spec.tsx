import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuyerEngagement } from '@brokerage/contracts/engagement';
import { DOCUMENT_MSG, type DocumentDto, type Revocation } from '@brokerage/contracts/documents';
import { signedIn, stubApi } from '../../packages/ui/test/remote-harness';
import { FakeXhr, dropOf, fileOf, installFakeXhr } from '../../packages/ui/test/fake-xhr';
import { AT, BUYER, FRAME, LISTING_ID, SELLER, doc, held, inMain, listing, ok, person, show, staffProgress, summary } from './staff-fixtures';

// The data room on the staff screens (issue 23 §2 per-document permission and per-buyer revocation, §3 the buyers'
// page-level engagement, §4 versions), for the broker and the agent: the listing's documents under a seller's row,
// the progress screen's upload panel, the listing's Activity page. The rule itself (403s, what a buyer still sees)
// is the documents service's tests'; the viewer revoked mid-view is e2e documents/viewer.spec.

installFakeXhr();

const OSCAR = { id: '00000000-0000-4000-8000-000000000044', name: 'Oscar Buyer' };
const L = listing({ buyers: [{ id: BUYER.id, name: BUYER.name }, OSCAR] });
const SELLER_ROW = person({ listings: [summary()] });
const CIM_ID = '00000000-0000-4000-8000-00000000c102';
const CIM_V1 = doc({ id: '00000000-0000-4000-8000-00000000c101', fileName: 'CIM.pdf', type: 'CBR_CIM', audience: 'BUYERS', version: 1, versionCount: 2, permission: 'VIEW_AND_DOWNLOAD' });
const CIM = doc({ id: CIM_ID, fileName: 'CIM.pdf', type: 'CBR_CIM', audience: 'BUYERS', version: 2, versionCount: 2, permission: 'VIEW_AND_DOWNLOAD' });
const AGREEMENT = doc({ id: 'd-agr', fileName: 'agreement.pdf', type: 'LISTING_AGREEMENT', audience: 'SELLER', permission: 'VIEW_AND_DOWNLOAD' });
const FOR_BLAKE = doc({ id: 'd-blake', fileName: 'for-blake.pdf', type: 'UPLOADED_DOC', audience: 'BUYER', buyerId: BUYER.id, permission: 'VIEW_ONLY' });
const revoked = (buyerId: string, documentId: string | null): Revocation => ({ buyerId, documentId, revokedAt: AT, revokedBy: { id: null, name: 'Morgan Broker' } });
/** The broker's revoke / restore of one buyer's access as the server answers them, the listing's revocations kept. */
function accessStore(buyerId: string) {
  let revocations: Revocation[] = [];
  const change = (action: 'revoke' | 'restore') => (body: unknown) => {
    const documentId = (body as { documentId?: string }).documentId ?? null;
    revocations = action === 'revoke' ? [revoked(buyerId, documentId)] : [];
    const whole = documentId === null;
    return ok({ message: action === 'revoke' ? DOCUMENT_MSG.revoked(whole) : DOCUMENT_MSG.restored(whole), revocations });
  };
  return {
    revocations: () => revocations,
    routes: {
      [`POST /api/broker/buyers/${buyerId}/listings/${LISTING_ID}/revoke`]: change('revoke'),
      [`POST /api/broker/buyers/${buyerId}/listings/${LISTING_ID}/restore`]: change('restore'),
    },
  };
}
const optionsOf = (el: HTMLElement) => [...el.querySelectorAll('option')].map((o) => o.textContent);

/** Sellers Management → the seller's row → Documents of Harbour Roastery: the open panel. */
async function sellerRowPanel() {
  show('/broker/sellers');
  const row = (await inMain().findByRole('heading', { name: SELLER.name })).closest('li')!;
  await userEvent.click(within(row).getByRole('button', { name: /^Show listings/ }));
  const item = within(within(row).getByRole('list', { name: `Listing documents of ${SELLER.name}` })).getByText('Harbour Roastery').closest('li')!;
  await userEvent.click(within(item).getByRole('button', { name: 'Documents of Harbour Roastery' }));
  return item;
}

/** The broker's seller row with these documents and revocations; `o` adds or overrides routes. */
function brokerApi(documents: () => DocumentDto[], revocations: () => Revocation[], o: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    ...FRAME,
    'GET /api/broker/sellers': ok({ sellers: [SELLER_ROW] }),
    [`GET /api/broker/listings/${LISTING_ID}`]: ok({ listing: L }),
    [`GET /api/broker/listings/${LISTING_ID}/documents`]: () => ok({ documents: documents() }),
    [`GET /api/broker/listings/${LISTING_ID}/revocations`]: () => ok({ revocations: revocations() }),
    ...o,
  });
}

/** The list's items (its own, not the access panels' rows) whose file is `name`. */
const itemOf = (list: HTMLElement, name: string) =>
  [...list.children].filter((li): li is HTMLElement => li instanceof HTMLElement && li.querySelector('.bb-doclist__name')?.textContent === name);

describe('the listing\'s documents: permission per document (issue 23 §2) and versions (§4)', () => {
  beforeEach(() => signedIn('BROKER'));

  test('"Buyers may" on the current version of each document buyers see: none on an older version ("v1 of 2") nor on the seller\'s own', async () => {
    brokerApi(() => [CIM, CIM_V1, AGREEMENT, FOR_BLAKE], () => []);
    const panel = await sellerRowPanel();
    const list = await within(panel).findByRole('list', { name: 'Documents of Harbour Roastery' });
    const [current, older] = itemOf(list, 'CIM.pdf');
    expect(current).toHaveTextContent('v2 of 2');
    expect(within(current!).getByRole('combobox', { name: 'Buyers may (CIM.pdf)' })).toHaveValue('VIEW_AND_DOWNLOAD');
    expect(older).toHaveTextContent('v1 of 2');
    expect(within(older!).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(older!).queryByText(/Buyer access/)).not.toBeInTheDocument();
    const agreement = itemOf(list, 'agreement.pdf')[0]!;
    expect(within(agreement).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(agreement).queryByText(/Buyer access/)).not.toBeInTheDocument();
    expect(within(list).getByRole('combobox', { name: 'Buyers may (for-blake.pdf)' })).toHaveValue('VIEW_ONLY');
    // staff keep View and the download of every file
    expect(within(current!).getByRole('button', { name: 'View CIM.pdf' })).toBeInTheDocument();
    expect(within(itemOf(list, 'for-blake.pdf')[0]!).getByRole('link', { name: /View \/ Download for-blake\.pdf/ })).toBeInTheDocument();
  });

  test('a permission change: PATCH {permission}, the server\'s "Permission set to View only", the list reloads with it', async () => {
    let cim = CIM;
    const calls = brokerApi(() => [cim], () => [], {
      [`PATCH /api/broker/listings/${LISTING_ID}/documents/${CIM_ID}/permission`]: (body) => {
        cim = { ...cim, permission: (body as { permission: 'VIEW_ONLY' }).permission };
        return ok({ message: 'Permission set to View only', document: cim });
      },
    });
    const panel = await sellerRowPanel();
    const select = await within(panel).findByRole('combobox', { name: 'Buyers may (CIM.pdf)' });
    await userEvent.selectOptions(select, 'VIEW_ONLY');
    expect(await screen.findByText('Permission set to View only')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ permission: 'VIEW_ONLY' });
    await waitFor(() => expect(within(panel).getByRole('combobox', { name: 'Buyers may (CIM.pdf)' })).toHaveValue('VIEW_ONLY'));
  });

  test('a refused permission change says why and keeps the stored choice', async () => {
    brokerApi(() => [CIM], () => [], {
      [`PATCH /api/broker/listings/${LISTING_ID}/documents/${CIM_ID}/permission`]: { status: 404, body: { message: 'Document not found' } },
    });
    const panel = await sellerRowPanel();
    await userEvent.selectOptions(await within(panel).findByRole('combobox', { name: 'Buyers may (CIM.pdf)' }), 'VIEW_ONLY');
    expect(await screen.findByText('Permission not changed: Document not found')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByRole('combobox', { name: 'Buyers may (CIM.pdf)' })).toHaveValue('VIEW_AND_DOWNLOAD'));
  });
});

describe('a buyer\'s access per document (issue 23 §2)', () => {
  beforeEach(() => signedIn('BROKER'));

  test('"Buyer access" lists the buyers who see the document; Revoke sends {documentId}, says so, and the buyer reads "Access revoked" with Restore', async () => {
    const store = accessStore(OSCAR.id);
    const calls = brokerApi(() => [CIM, FOR_BLAKE], store.revocations, store.routes);
    const panel = await sellerRowPanel();
    const list = await within(panel).findByRole('list', { name: 'Documents of Harbour Roastery' });
    // a document meant for one buyer: that buyer alone
    await userEvent.click(await within(itemOf(list, 'for-blake.pdf')[0]!).findByText(/^Buyer access/));
    expect(within(screen.getByRole('list', { name: 'Buyer access of for-blake.pdf' })).getAllByRole('listitem').map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Blake Buyer Has access Revoke/),
    ]);

    await userEvent.click(within(itemOf(list, 'CIM.pdf')[0]!).getByText(/^Buyer access/));
    const access = screen.getByRole('list', { name: 'Buyer access of CIM.pdf' });
    expect(within(access).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(within(access).getByRole('button', { name: "Revoke Oscar Buyer's access to CIM.pdf" }));
    expect(await screen.findByText('Access to the document revoked')).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/revoke'))!.body).toEqual({ documentId: CIM_ID });
    await waitFor(() => expect(within(access).getByText('Oscar Buyer').closest('li')).toHaveTextContent('Access revoked'));
    expect(within(list).getByText(/Buyer access \(1 revoked\)/)).toBeInTheDocument();

    await userEvent.click(within(access).getByRole('button', { name: "Restore Oscar Buyer's access to CIM.pdf" }));
    expect(await screen.findByText('Access to the document restored')).toBeInTheDocument();
    await waitFor(() => expect(within(access).getByText('Oscar Buyer').closest('li')).toHaveTextContent('Has access'));
  });

  test('a refused revocation says why; a buyer revoked from the whole listing shows it on every document, without a per-document button', async () => {
    brokerApi(() => [CIM], () => [revoked(OSCAR.id, null)], {
      [`POST /api/broker/buyers/${BUYER.id}/listings/${LISTING_ID}/revoke`]: { status: 400, body: { message: 'Only documents shared with buyers can be revoked' } },
    });
    const panel = await sellerRowPanel();
    await userEvent.click(await within(panel).findByText(/^Buyer access \(1 revoked\)/));
    const access = screen.getByRole('list', { name: 'Buyer access of CIM.pdf' });
    const oscar = within(access).getByText('Oscar Buyer').closest('li')!;
    expect(oscar).toHaveTextContent("Access to the listing's documents revoked");
    expect(within(oscar).queryByRole('button')).not.toBeInTheDocument();
    const revoke = within(access).getByRole('button', { name: "Revoke Blake Buyer's access to CIM.pdf" });
    await userEvent.click(revoke);
    expect(await screen.findByText('Access not changed: Only documents shared with buyers can be revoked')).toBeInTheDocument();
    await waitFor(() => expect(revoke).toBeEnabled());
  });

  test('no buyers on the listing: no "Buyer access" and no revocations read', async () => {
    const calls = brokerApi(() => [CIM], () => [], { [`GET /api/broker/listings/${LISTING_ID}`]: ok({ listing: listing() }) });
    const panel = await sellerRowPanel();
    expect(await within(panel).findByRole('combobox', { name: 'Buyers may (CIM.pdf)' })).toBeInTheDocument();
    expect(within(panel).queryByText(/Buyer access/)).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/revocations'))).toBe(false);
  });
});

describe('a buyer\'s row (Buyers Management): that buyer\'s access to the whole listing', () => {
  test('under the listing\'s documents, that buyer alone (an h4 in the row); Revoke all confirmed sends {}', async () => {
    signedIn('BROKER');
    const store = accessStore(BUYER.id);
    const calls = stubApi({
      ...FRAME,
      'GET /api/broker/buyers': ok({ buyers: [{ ...person({ id: BUYER.id, name: BUYER.name, email: BUYER.email }), buyingListings: [summary()] }] }),
      [`GET /api/broker/buyers/${BUYER.id}/listings/${LISTING_ID}/documents`]: ok({ documents: [] }),
      [`GET /api/broker/listings/${LISTING_ID}/revocations`]: () => ok({ revocations: store.revocations() }),
      ...store.routes,
    });
    show('/broker/buyers');
    const row = (await inMain().findByRole('heading', { name: BUYER.name })).closest('li')!;
    await userEvent.click(within(row).getByRole('button', { name: /^Show interested listings/ }));
    await userEvent.click(within(row).getByRole('button', { name: 'Documents of Harbour Roastery' }));
    const section = await within(row).findByRole('region', { name: "Buyer access to the listing's documents" });
    expect(within(section).getByRole('heading', { level: 4 })).toHaveTextContent("Buyer access to the listing's documents");
    expect(within(section).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(await within(section).findByRole('button', { name: `Revoke all of ${BUYER.name}'s access to Harbour Roastery` }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Revoke access' })).getByRole('button', { name: 'Revoke all' }));
    expect(await screen.findByText("Access to the listing's documents revoked")).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/revoke'))!.body).toEqual({});
    await waitFor(() => expect(within(section).getByRole('listitem')).toHaveTextContent('Access revoked'));
  });
});

describe('the upload\'s permission (issue 23 §2: "View only" or "View and download", default view and download)', () => {
  test('broker, seller row: the default is sent; "View only" is sent when chosen; a seller-only type leaves it idle and sends none', async () => {
    signedIn('BROKER');
    brokerApi(() => [], () => []);
    const panel = await sellerRowPanel();
    const choice = within(panel).getByRole('combobox', { name: 'Buyers may' });
    expect(optionsOf(choice)).toEqual(['View and download', 'View only']);
    expect(choice).toHaveValue('VIEW_AND_DOWNLOAD');
    const zone = within(panel).getByRole('group', { name: 'Upload a document for Harbour Roastery' });
    const type = within(panel).getByLabelText(/^Document type/);

    await userEvent.selectOptions(type, 'CLOSING_DOCS');
    await act(async () => void fireEvent.drop(zone, dropOf([fileOf('closing.pdf', 'application/pdf')])));
    expect(FakeXhr.sent.at(-1)!.body!.get('permission')).toBe('VIEW_AND_DOWNLOAD');

    await userEvent.selectOptions(choice, 'VIEW_ONLY');
    await act(async () => void fireEvent.drop(zone, dropOf([fileOf('closing-2.pdf', 'application/pdf')])));
    expect(FakeXhr.sent.at(-1)!.body!.get('permission')).toBe('VIEW_ONLY');

    await userEvent.selectOptions(type, 'LISTING_AGREEMENT');
    expect(choice).toBeDisabled();
    expect(within(panel).getByText('Buyers do not see this document type.')).toBeInTheDocument();
    await act(async () => void fireEvent.drop(zone, dropOf([fileOf('agreement.pdf', 'application/pdf')])));
    expect(FakeXhr.sent.at(-1)!.body!.get('permission')).toBeNull();
    // the same type for one related buyer: that buyer sees it, the choice counts again
    await userEvent.selectOptions(within(panel).getByLabelText('Related buyer (optional)'), BUYER.id);
    expect(choice).toBeEnabled();
  });

  test('agent, buyer progress screen: the upload offers the choice, and the staff files get "Buyers may" and that buyer\'s access alone', async () => {
    signedIn('AGENT');
    const mine = doc({ id: 'd-mine', fileName: 'cim-for-blake.pdf', type: 'CBR_CIM', audience: 'BUYER', buyerId: BUYER.id, uploader: { id: 'a', name: 'Avery Agent', role: 'AGENT' } });
    stubApi({
      ...FRAME,
      [`GET /api/agent/listings/${LISTING_ID}`]: ok({ listing: L }),
      [`GET /api/agent/buyers/${BUYER.id}/listings/${LISTING_ID}/progress`]: ok(staffProgress('buyers', 4)),
      [`GET /api/agent/buyers/${BUYER.id}/listings/${LISTING_ID}/documents`]: ok({ documents: [mine] }),
      [`GET /api/agent/buyers`]: ok({ buyers: [] }),
      [`GET /api/agent/listings/${LISTING_ID}/activity`]: ok({ downloads: [] }),
      [`GET /api/agent/listings/${LISTING_ID}/revocations`]: ok({ revocations: [] }),
      [`GET /api/agent/buyers/${BUYER.id}/listings/${LISTING_ID}/offers`]: ok({ offers: [] }),
    });
    show(`/agent/buyers/${BUYER.id}/${LISTING_ID}`);
    const upload = await screen.findByRole('region', { name: 'Upload Documents' });
    expect(within(upload).getByRole('combobox', { name: 'Buyers may' })).toHaveValue('VIEW_AND_DOWNLOAD');
    expect(await within(upload).findByRole('combobox', { name: 'Buyers may (cim-for-blake.pdf)' })).toBeInTheDocument();
    await userEvent.click(await within(upload).findByText(/^Buyer access/));
    expect(within(within(upload).getByRole('list', { name: 'Buyer access of cim-for-blake.pdf' })).getAllByRole('listitem').map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Blake Buyer Has access Revoke/),
    ]);
  });
});

const ENGAGEMENT: BuyerEngagement = {
  buyer: { id: BUYER.id, name: BUYER.name },
  documentsOpened: 1,
  firstViewedAt: '2026-11-20T10:00:00.000Z',
  lastViewedAt: '2026-11-21T13:05:00.000Z',
  totalSeconds: 190,
  documents: [
    { documentId: CIM_ID, fileName: 'CIM.pdf', version: 2, pageCount: 3, firstViewedAt: '2026-11-20T10:00:00.000Z', lastViewedAt: '2026-11-21T13:05:00.000Z', totalSeconds: 190,
      pages: [{ page: 1, seconds: 180 }, { page: 3, seconds: 10 }] },
  ],
};

describe('the listing\'s Activity page: engagement (issue 23 §3) and whole-listing access (§2)', () => {
  const activityApi = (area: 'broker' | 'agent', o: Parameters<typeof stubApi>[0] = {}) =>
    stubApi({
      ...FRAME,
      [`GET /api/${area}/listings/${LISTING_ID}`]: ok({ listing: L }),
      [`GET /api/${area}/listings/${LISTING_ID}/activity`]: ok({ downloads: [] }),
      [`GET /api/${area}/listings/${LISTING_ID}/revocations`]: ok({ revocations: [] }),
      [`GET /api/${area}/listings/${LISTING_ID}/engagement`]: ok({ listingId: LISTING_ID, buyers: [ENGAGEMENT] }),
      ...o,
    });

  test('agent: per buyer documents opened, first and last view, total time, a heat strip per document (its version named)', async () => {
    signedIn('AGENT');
    activityApi('agent');
    show(`/agent/listings/${LISTING_ID}/activity`);
    const card = await inMain().findByRole('article', { name: BUYER.name });
    expect(card.closest('section')).toHaveAccessibleName('Document engagement');
    const facts = Object.fromEntries(within(card).getAllByRole('term').map((t) => [t.textContent, t.nextElementSibling?.textContent]));
    expect(facts).toEqual({ 'Documents opened': '1', 'First view': expect.stringMatching(/^Nov 20, 2026/), 'Last view': expect.stringMatching(/^Nov 21, 2026/), 'Total time': '3 min 10 s' });
    expect(within(card).getByText('CIM.pdf (v2)')).toBeInTheDocument();
    const cells = within(within(card).getByRole('list', { name: 'Time per page of CIM.pdf' })).getAllByRole('listitem');
    expect(cells.map((c) => c.textContent)).toEqual(['Page 1: 3 min', 'Page 2: not viewed', 'Page 3: 10 s']);
    // the downloads stay below
    expect(inMain().getByRole('heading', { level: 2, name: 'Downloads' })).toBeInTheDocument();
    expect(await inMain().findByText('No downloads yet.')).toBeInTheDocument();
  });

  test('loading, then empty: "No buyer has viewed a document yet."; a failed load says so with Retry, which reads again', async () => {
    signedIn('BROKER');
    const slow = held<{ status: number; body: unknown }>();
    activityApi('broker', { [`GET /api/broker/listings/${LISTING_ID}/engagement`]: slow.reply });
    const { unmount } = show(`/broker/listings/${LISTING_ID}/activity`);
    const region = await inMain().findByRole('region', { name: 'Document engagement' });
    expect(within(region).getByText('Loading document engagement...')).toBeInTheDocument();
    await act(async () => slow.release(ok({ listingId: LISTING_ID, buyers: [] })));
    expect(await within(inMain().getByRole('region', { name: 'Document engagement' })).findByText('No buyer has viewed a document yet.')).toBeInTheDocument();
    unmount();

    let fail = true;
    activityApi('broker', {
      [`GET /api/broker/listings/${LISTING_ID}/engagement`]: () => (fail ? { status: 500, body: { message: 'Something went wrong' } } : ok({ listingId: LISTING_ID, buyers: [ENGAGEMENT] })),
    });
    show(`/broker/listings/${LISTING_ID}/activity`);
    const failed = await inMain().findByRole('region', { name: 'Document engagement' });
    expect(await within(failed).findByText('Failed to load document engagement. Please try again later.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await inMain().findByRole('article', { name: BUYER.name })).toBeInTheDocument();
  });

  test('broker: Revoke all asks first (Cancel sends nothing), then POST revoke {} and "Access revoked" with Restore all; Restore all gives it back', async () => {
    signedIn('BROKER');
    const store = accessStore(BUYER.id);
    const calls = activityApi('broker', { [`GET /api/broker/listings/${LISTING_ID}/revocations`]: () => ok({ revocations: store.revocations() }), ...store.routes });
    show(`/broker/listings/${LISTING_ID}/activity`);
    const section = await inMain().findByRole('region', { name: "Buyer access to the listing's documents" });
    const row = (await within(section).findByText(BUYER.name)).closest('li')!;
    expect(row).toHaveTextContent('Has access');
    expect(within(section).getByText(OSCAR.name).closest('li')).toHaveTextContent('Has access');

    await userEvent.click(within(row).getByRole('button', { name: `Revoke all of ${BUYER.name}'s access to Harbour Roastery` }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke access' });
    expect(dialog).toHaveTextContent(`Revoke ${BUYER.name}'s access to every document of Harbour Roastery? You can restore it later.`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(within(row).getByRole('button', { name: /^Revoke all/ }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Revoke access' })).getByRole('button', { name: 'Revoke all' }));
    expect(await screen.findByText("Access to the listing's documents revoked")).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('/revoke'))!.body).toEqual({});
    await waitFor(() => expect(row).toHaveTextContent('Access revoked'));

    await userEvent.click(within(row).getByRole('button', { name: /^Restore all/ }));
    expect(await screen.findByText("Access to the listing's documents restored")).toBeInTheDocument();
    await waitFor(() => expect(row).toHaveTextContent('Has access'));
    expect(calls.find((c) => c.url.endsWith('/restore'))!.body).toEqual({});
  });

  test('a failed access read says so with Retry; no buyers: a short note', async () => {
    signedIn('BROKER');
    activityApi('broker', { [`GET /api/broker/listings/${LISTING_ID}/revocations`]: 'fail' });
    const { unmount } = show(`/broker/listings/${LISTING_ID}/activity`);
    const section = await inMain().findByRole('region', { name: "Buyer access to the listing's documents" });
    expect(await within(section).findByText('Failed to load buyer access. Please try again later.')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    unmount();
    activityApi('broker', { [`GET /api/broker/listings/${LISTING_ID}`]: ok({ listing: listing() }) });
    show(`/broker/listings/${LISTING_ID}/activity`);
    expect(await within(await inMain().findByRole('region', { name: "Buyer access to the listing's documents" })).findByText('No buyers on this listing yet.')).toBeInTheDocument();
  });
});
