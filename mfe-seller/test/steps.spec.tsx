import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM_MSG, emptyQuestionnaire } from '@brokerage/contracts';
import { tagOptionsOf } from '@brokerage/contracts/document-tags';
import SellerApp from '../src/App';
import { progressBody, renderAt, signedIn, stubApi } from '../../packages/ui/test/remote-harness';

// The seller's questionnaire (step 4), Upload Docs (step 5), Closing Docs (step 10) and After The Sale (step 11) in
// their states (loading, error, empty, locked step, success), mounted as the shell mounts the remote. What the
// browser tests steps/seller-financials, steps/closing-docs, steps/after-sale and forms/questionnaire checked on
// the screen alone moved here; they keep the real upload/download, the journey across roles and 375 px.

const LISTING = { id: 'l-1', title: 'Harbour Roastery', description: 'Coffee roaster', price: 425000, status: 'ACTIVE', buyers: [] };
const CURRENT = { status: 200, body: { listing: LISTING, needsSelection: false } };
const show = (path: string) => renderAt(<SellerApp />, path, '/seller/*');
const main = () => screen.getByRole('main');
const progress = (step: number) => ({ status: 200, body: progressBody('seller', step) });
const doc = (id: string, fileName: string, o: Record<string, unknown> = {}) => ({
  id, fileName, fileSize: 2048, uploadedAt: '2026-11-20T10:00:00.000Z', url: `/api/documents/${id}/download`, type: 'FINANCIAL_DOCUMENTS',
  stepId: 4, category: 'SELLER_UPLOAD', operationType: 'UPLOAD', uploader: { id: 'u-3', name: 'Sam Seller', role: 'SELLER' }, listingId: 'l-1',
  buyerId: null, audience: 'STAFF', contentType: 'application/pdf', sha256: 'a'.repeat(64), tag: null, ...o,
});

/** A step ahead of the client's journey: the frame's Preview Mode notice and "Not Available". */
async function expectLocked(path: string) {
  show(path);
  expect(await screen.findByText('Step Not Yet Available')).toBeInTheDocument();
  expect(screen.getByTestId('step-status')).toHaveTextContent('Not Available');
}

beforeEach(() => {
  signedIn('SELLER');
  Element.prototype.scrollIntoView ??= () => undefined;
});

describe('seller questionnaire (step 4)', () => {
  const draft = (status: 'NEW' | 'DRAFT' | 'SUBMITTED' = 'NEW') => ({
    status: 200,
    body: { questionnaire: { ...emptyQuestionnaire(), status, savedAt: null, submittedAt: null, pdfRequested: false } },
  });
  type Reply = Parameters<typeof stubApi>[0][string];
  const api = (o: { step?: number; form?: Reply; save?: Reply; submit?: Reply } = {}) =>
    stubApi({
      'GET /api/seller/progress': progress(o.step ?? 3),
      'GET /api/seller/current-listing': CURRENT,
      'GET /api/seller/questionnaire': o.form ?? draft(),
      'POST /api/seller/questionnaire/save': o.save ?? { status: 200, body: { message: FORM_MSG.questionnaireSaved } },
      'POST /api/seller/questionnaire/submit': o.submit ?? { status: 200, body: { message: FORM_MSG.questionnaireSubmittedPdf } },
    });

  test('loading: a spinner while the saved answers are read', async () => {
    api({ form: 'never' });
    show('/seller/questionnaire');
    expect(await within(main()).findByRole('heading', { level: 1, name: 'Questionnaire' })).toBeInTheDocument();
    expect(within(main()).getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Seller Questionnaire' })).not.toBeInTheDocument();
  });

  test('error: "Failed to load data"; Retry shows the form', async () => {
    let fail = true;
    api({ form: () => (fail ? { status: 500, body: { message: 'Something went wrong' } } : draft()) });
    show('/seller/questionnaire');
    expect(await within(main()).findByText('Failed to load data')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(main()).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Seller Questionnaire' })).toBeInTheDocument();
  });

  test('no listing (409): the spec\'s "No listing selected" text, not "Failed to load data"', async () => {
    api({ form: { status: 409, body: { message: 'No listing selected' } } });
    show('/seller/questionnaire');
    expect(await within(main()).findByText('No listing selected. Please contact your broker or agent.')).toBeInTheDocument();
    expect(within(main()).queryByText('Failed to load data')).not.toBeInTheDocument();
  });

  // from e2e forms/questionnaire: the 11 sections in the navigation, Save for Later with its alert
  test('empty draft: 11 numbered sections with their navigation; Save for Later sends the answers and says "Questionnaire saved successfully!"', async () => {
    const calls = api();
    show('/seller/questionnaire');
    const form = await screen.findByRole('form', { name: 'Seller Questionnaire' });
    const nav = screen.getByRole('navigation', { name: 'Questionnaire sections' });
    expect(within(nav).getAllByRole('link')).toHaveLength(11);
    expect(within(form).getByRole('heading', { name: '1. Business Summary and History' })).toBeInTheDocument();
    expect(within(form).queryByText('Your questionnaire has been submitted. You may update and resubmit it.')).not.toBeInTheDocument();
    const first = within(form).getAllByRole('textbox')[0]!;
    await userEvent.type(first, 'Family roastery since 1998');
    await userEvent.click(within(form).getByRole('button', { name: 'Save for Later' }));
    expect(await screen.findByText('Questionnaire saved successfully!')).toBeInTheDocument();
    const save = calls.find((c) => c.url === '/api/seller/questionnaire/save');
    expect(JSON.stringify(save?.body)).toContain('Family roastery since 1998');
  });

  test('a failed save says "Failed to save questionnaire. Please try again." and keeps the answers', async () => {
    api({ save: { status: 503, body: { message: 'down' } } });
    show('/seller/questionnaire');
    const form = await screen.findByRole('form', { name: 'Seller Questionnaire' });
    const first = within(form).getAllByRole('textbox')[0]!;
    await userEvent.type(first, 'Kept');
    await userEvent.click(within(form).getByRole('button', { name: 'Save for Later' }));
    expect(await screen.findByText('Failed to save questionnaire. Please try again.')).toBeInTheDocument();
    expect(first).toHaveValue('Kept');
  });

  test('submitted: the resubmit note; Submit shows the server\'s text (PDF generated) and reloads the progress', async () => {
    const calls = api({ form: draft('SUBMITTED') });
    show('/seller/questionnaire');
    expect(await screen.findByText('Your questionnaire has been submitted. You may update and resubmit it.')).toBeInTheDocument();
    const reads = () => calls.filter((c) => c.url === '/api/seller/progress').length;
    const before = reads();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Questionnaire submitted successfully! PDF document has been generated.')).toBeInTheDocument();
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  test('a failed submit says "Failed to submit questionnaire. Please try again."', async () => {
    api({ submit: { status: 500, body: { message: 'Something went wrong' } } });
    show('/seller/questionnaire');
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to submit questionnaire. Please try again.')).toBeInTheDocument();
  });

  test('locked step (the seller is at step 3): Preview Mode, Not Available', async () => {
    api({ step: 2 });
    show('/seller/questionnaire');
    expect(await screen.findByText('Step Not Yet Available')).toBeInTheDocument();
    expect(screen.getByText('Preview Mode')).toBeInTheDocument();
    expect(screen.getByTestId('step-status')).toHaveTextContent('Not Available');
  });
});

describe('seller Upload Docs (step 5)', () => {
  const REQUESTED = tagOptionsOf('SELLER_FINANCIAL_DOCUMENTS');
  const lease = REQUESTED.find((o) => o.label === 'Premises lease')!;
  type Reply = Parameters<typeof stubApi>[0][string];
  const api = (o: { step?: number; list?: Reply; del?: Reply; tag?: Reply } = {}) =>
    stubApi({
      'GET /api/seller/progress': progress(o.step ?? 4),
      'GET /api/seller/current-listing': CURRENT,
      'GET /api/seller/step/4/documents': o.list ?? { status: 200, body: { documents: [] } },
      'DELETE /api/seller/listings/l-1/documents/d-2': o.del ?? { status: 200, body: { message: 'ok' } },
      'PATCH /api/seller/documents/d-2/tag': o.tag ?? { status: 200, body: { message: 'Document type updated' } },
    });
  const requested = () => screen.getByRole('region', { name: 'Requested financial documents' });

  test('loading: a spinner in the list while it is read', async () => {
    api({ list: 'never' });
    show('/seller/financials');
    expect(await within(main()).findByRole('heading', { level: 1, name: 'Upload Docs' })).toBeInTheDocument();
    const uploaded = screen.getByRole('heading', { name: 'Uploaded files' }).closest('section, div')!;
    expect(within(uploaded as HTMLElement).getByText('Loading...')).toBeInTheDocument();
  });

  test('error: "Failed to load data" in the list; Retry reads it again', async () => {
    let fail = true;
    api({ list: () => (fail ? { status: 500, body: { message: 'x' } } : { status: 200, body: { documents: [doc('d-1', 'P&L 2023-2025.pdf')] } }) });
    show('/seller/financials');
    expect(await within(main()).findByText('Failed to load data')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(main()).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Uploaded financial documents' })).toHaveTextContent('P&L 2023-2025.pdf');
  });

  // from e2e steps/seller-financials: "No files uploaded yet.", the 9 requested documents, none ticked
  test('empty: "No files uploaded yet.", the 9 requested documents unticked, the first upload completes the step', async () => {
    api();
    show('/seller/financials');
    expect(await screen.findByText('No files uploaded yet.')).toBeInTheDocument();
    expect(within(requested()).getAllByRole('listitem')).toHaveLength(9);
    expect(within(requested()).getAllByRole('listitem')[0]).toHaveTextContent('last 3 years');
    expect(within(requested()).queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    expect(within(requested()).getByRole('status')).toHaveTextContent('0 of 9 received');
    expect(main()).toHaveTextContent('Your first upload completes this step.');
    expect(screen.getByText(/Select up to 100 files/)).toBeInTheDocument();
  });

  // from e2e steps/seller-financials: a tagged file ticks its item, re-tagging, delete behind a confirm
  test('success: a tagged file ticks its item ("1 of 9 received"); re-tagging sends the new type; a delete asks first', async () => {
    let docs = [doc('d-1', 'lease.pdf', { tag: lease.value }), doc('d-2', 'equipment.png', { contentType: 'image/png' })];
    const calls = api({ step: 5, list: () => ({ status: 200, body: { documents: docs } }), del: () => ((docs = docs.filter((d) => d.id !== 'd-2')), { status: 200, body: { message: 'ok' } }) });
    show('/seller/financials');
    const list = await screen.findByRole('list', { name: 'Uploaded financial documents' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(requested()).getByRole('checkbox', { name: 'Premises lease' })).toBeChecked();
    expect(within(requested()).getByRole('status')).toHaveTextContent('1 of 9 received');
    expect(within(list).getByRole('combobox', { name: 'Document type of lease.pdf' })).toHaveValue(lease.value);
    expect(main()).toHaveTextContent('This step is complete; you can keep adding files.');

    await userEvent.selectOptions(within(list).getByRole('combobox', { name: 'Document type of equipment.png' }), 'Pictures of equipment');
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ url: '/api/seller/documents/d-2/tag', body: { tag: expect.any(String) } }));

    await userEvent.click(within(list).getByRole('button', { name: 'Delete equipment.png' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this file?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await userEvent.click(within(list).getByRole('button', { name: 'Delete equipment.png' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Uploaded financial documents' })).getAllByRole('listitem')).toHaveLength(1));
  });

  test('a refused delete says "Delete failed: {reason}" and keeps the file', async () => {
    api({ step: 5, list: { status: 200, body: { documents: [doc('d-2', 'equipment.png')] } }, del: { status: 403, body: { message: 'Not yours' } } });
    show('/seller/financials');
    const list = await screen.findByRole('list', { name: 'Uploaded financial documents' });
    await userEvent.click(within(list).getByRole('button', { name: 'Delete equipment.png' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete failed: Not yours')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  test('locked step (the seller is at step 4): Preview Mode, Not Available', async () => {
    api({ step: 3 });
    await expectLocked('/seller/financials');
  });
});

describe('seller Closing Docs (step 10)', () => {
  const closing = (id: string, fileName: string) => doc(id, fileName, { type: 'CLOSING_DOCS', stepId: 9, category: 'AGREEMENT', uploader: { id: 'u-1', name: 'Morgan Broker', role: 'BROKER' } });
  type Reply = Parameters<typeof stubApi>[0][string];
  const api = (o: { step?: number; docs?: Reply; update?: Reply; file?: Reply } = {}) =>
    stubApi({
      'GET /api/seller/progress': progress(o.step ?? 9),
      'GET /api/seller/current-listing': CURRENT,
      'GET /api/seller/closing-documents': o.docs ?? { status: 200, body: { documents: [] } },
      'POST /api/seller/update-step': o.update ?? { status: 200, body: { message: 'ok', progress: progressBody('seller', 10) } },
      'GET http://localhost/api/documents/c-1/download': o.file ?? { status: 200, body: 'pdf' },
      'GET http://localhost/api/documents/c-2/download': o.file ?? { status: 200, body: 'pdf' },
    });

  test('loading: a spinner while the closing documents are read', async () => {
    api({ docs: 'never' });
    show('/seller/closing-docs');
    expect(await within(main()).findByRole('heading', { level: 1, name: 'Closing Docs' })).toBeInTheDocument();
    expect(within(main()).getByText('Loading...')).toBeInTheDocument();
  });

  test('error: "Failed to load data" with Retry', async () => {
    api({ docs: 'fail' });
    show('/seller/closing-docs');
    expect(await within(main()).findByText('Failed to load data')).toBeInTheDocument();
    expect(within(main()).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  // from e2e steps/closing-docs: the spec's empty state
  test('empty: "Closing Documents Not Available Yet", the spec\'s text and a disabled button', async () => {
    api();
    show('/seller/closing-docs');
    expect(await screen.findByRole('heading', { name: 'Closing Documents Not Available Yet' })).toBeInTheDocument();
    expect(main()).toHaveTextContent('Closing documents not available yet. Nothing will happen when clicked until the closing documents are attached by the broker after the sale.');
    expect(screen.getByRole('button', { name: 'Download Closing Documents' })).toBeDisabled();
    expect(screen.queryByText('Documents Ready')).not.toBeInTheDocument();
  });

  // from e2e steps/closing-docs: listed with their provider, "Documents Ready", the step update with a completion flag
  test('success: listed with "Provided by", "Documents Ready"; Download sends the step update, then each file; the spec\'s notice', async () => {
    const calls = api({ docs: { status: 200, body: { documents: [closing('c-1', 'Closing statement.pdf'), closing('c-2', 'Final bill of sale.pdf')] } } });
    const blob = jest.fn();
    const inner = globalThis.fetch;
    globalThis.fetch = (async (...a: Parameters<typeof fetch>) => Object.assign(await inner(...a), { blob: async () => (blob(), new Blob(['%PDF'])) })) as typeof fetch;
    Object.assign(URL, { createObjectURL: () => 'blob:closing', revokeObjectURL: () => undefined });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    show('/seller/closing-docs');
    const list = await screen.findByRole('list', { name: 'Closing documents' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Provided by: Morgan Broker (BROKER)');
    expect(screen.getByText('Documents Ready')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download 2 Closing Documents' }));
    expect(await screen.findByText('Your Documents are downloading. Please check your downloads folder after the download is complete. Thank You!', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/seller/update-step', body: { stepId: 9, completed: true } });
    expect(calls.filter((c) => c.url.endsWith('/download')).map((c) => c.url)).toEqual(['http://localhost/api/documents/c-1/download', 'http://localhost/api/documents/c-2/download']);
    expect(blob).toHaveBeenCalledTimes(2);
  });

  test('a failed download says the spec\'s "Failed to download closing documents…" text', async () => {
    api({ docs: { status: 200, body: { documents: [closing('c-1', 'Closing statement.pdf')] } }, file: { status: 404, body: { message: 'Document not found' } } });
    show('/seller/closing-docs');
    await userEvent.click(await screen.findByRole('button', { name: 'Download Closing Document' }));
    expect(await screen.findByText('Failed to download closing documents. Please try again or contact your broker/agent.')).toBeInTheDocument();
  });

  test('locked step (the seller is at step 9): Preview Mode, Not Available', async () => {
    api({ step: 8 });
    await expectLocked('/seller/closing-docs');
  });
});

describe('seller After The Sale (step 11)', () => {
  type Reply = Parameters<typeof stubApi>[0][string];
  const done = () => {
    const p = progressBody('seller', 10);
    return { ...p, steps: p.steps.map((s) => ({ ...s, completed: true })), completedSteps: 11 };
  };
  const api = (o: { step?: number; progress?: unknown; mark?: Reply } = {}) => {
    let completed = false;
    return stubApi({
      'GET /api/seller/progress': () => (completed ? { status: 200, body: done() } : o.progress ? { status: 200, body: o.progress } : progress(o.step ?? 10)),
      'GET /api/seller/current-listing': CURRENT,
      'POST /api/seller/mark-step-completed': o.mark ?? (() => ((completed = true), { status: 200, body: { message: 'ok', progress: done() } })),
    });
  };

  // from e2e steps/after-sale: the three tabs' contents and the spec's fixed sample figures
  test('the three tabs: tax strategies, professional resources, next steps with the sample figures (arrow keys move between tabs)', async () => {
    api();
    show('/seller/after-sale');
    expect(await within(main()).findByRole('heading', { level: 1, name: 'After The Sale' })).toBeInTheDocument();
    for (const t of ['Installment Sale', 'Qualified Small Business Stock', '1031 Like-Kind Exchange', 'Charitable Remainder Trust']) {
      expect(screen.getByRole('heading', { name: t })).toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('tab', { name: 'Professional Resources' }));
    for (const t of ['Tax Professional', 'Financial Planning', 'Tax Software', 'Legal Resources']) expect(screen.getByRole('heading', { name: t })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Next Steps' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Next Steps' })).toHaveFocus();
    expect(screen.getByText('See a tax professional within 30 days of closing.')).toBeInTheDocument();
    expect(screen.getByText('Reserve about 20-25% of capital gains for tax.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Example (sample figures)' })).toBeInTheDocument();
    const sample = screen.getByTestId('after-sale-sample');
    const figures = Object.fromEntries(within(sample).getAllByRole('term').map((t) => [t.textContent, t.nextElementSibling?.textContent]));
    expect(figures).toEqual({
      'Sale Price': '$485,000.00', 'Net Proceeds': '$460,000.00', 'Original Basis': '$150,000.00',
      'Holding Period': '5 years', 'Capital Gain': '$310,000.00', 'Tax Liability': '$62,000.00',
    });
  });

  // from e2e steps/after-sale: Complete Journey → "Journey Complete", the button gone
  test('Complete Journey sends {stepId: 10} and shows "Journey Complete"; the button goes', async () => {
    const calls = api();
    show('/seller/after-sale');
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Journey' }));
    expect(await screen.findByText('Journey Complete')).toBeInTheDocument();
    expect(screen.getByText(/Thank you for selling your business with us/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Journey' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/seller/mark-step-completed', body: { stepId: 10 } });
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/seller');
  });

  test('a failed completion says "Failed to update step status. Please try again." and keeps the button', async () => {
    api({ mark: { status: 500, body: { message: 'Something went wrong' } } });
    show('/seller/after-sale');
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Journey' }));
    expect(await screen.findByText('Failed to update step status. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Journey' })).toBeEnabled();
    expect(screen.queryByText('Journey Complete')).not.toBeInTheDocument();
  });

  test('already completed: "Journey Complete" and no button', async () => {
    api({ progress: done() });
    show('/seller/after-sale');
    expect(await screen.findByText('Journey Complete')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Journey' })).not.toBeInTheDocument();
  });

  test('locked step (the seller is at step 10): Preview Mode, the advice readable, no Complete Journey', async () => {
    api({ step: 9 });
    show('/seller/after-sale');
    expect(await screen.findByText('Step Not Yet Available')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Installment Sale' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete Journey' })).not.toBeInTheDocument();
  });
});

describe('seller Purchase Agreement (step 7) without an agreement', () => {
  // from e2e steps/purchase-agreement: the spec's texts without a document, View Buyer Activity, Previous
  test('"Purchase Agreement Not Available Yet", the spec\'s text, View Buyer Activity; no "Agreement Ready"', async () => {
    stubApi({
      'GET /api/seller/progress': progress(6),
      'GET /api/seller/current-listing': CURRENT,
      'GET /api/seller/purchase-agreement': { status: 200, body: { document: null, signedCopies: [] } },
    });
    show('/seller/purchase-agreement');
    expect(await screen.findByRole('heading', { name: 'Purchase Agreement Not Available Yet' })).toBeInTheDocument();
    expect(screen.getByText('Step 7 of 11')).toBeInTheDocument();
    expect(main()).toHaveTextContent('Purchase agreement not available yet. Please contact your broker or agent.');
    expect(screen.getByRole('link', { name: 'View Buyer Activity' })).toHaveAttribute('href', '/seller/buyer-activity');
    expect(screen.getByRole('link', { name: /Previous/ })).toHaveAttribute('href', '/seller/buyer-activity');
    expect(screen.queryByText('Agreement Ready')).not.toBeInTheDocument();
  });
});

describe('seller Buyer Activity table', () => {
  const row = (n: number, o: Record<string, unknown> = {}) => ({
    id: `b-${n}`, buyerNumber: `B${String(n).padStart(3, '0')}`, buyerName: `Pager Buyer ${String(n).padStart(2, '0')}`, company: '',
    dateOfContact: '2026-11-20T10:00:00.000Z', nda: 'No', preQualified: 'No', status: 'Interested', decision: 'interested', offerAmount: null,
    email: `b${n}@example.com`, activity: 'Showed interest in the listing', timestamp: '2026-11-20T10:00:00.000Z', ...o,
  });
  const ADA = row(1, { buyerName: 'Ada Offerman', status: 'Made an offer', offerAmount: 485000, nda: 'Yes', activity: 'Made an offer' });
  const BEN = row(2, { buyerName: 'Ben Browser' });
  const api = (buyers: unknown[], stats: { totalViews: number; interestedBuyers: number; offersReceived: number; highestOffer: number | null } = { totalViews: 1, interestedBuyers: 2, offersReceived: 1, highestOffer: 485000 }) =>
    stubApi({
      'GET /api/seller/progress': progress(6),
      'GET /api/seller/current-listing': CURRENT,
      'GET /api/seller/listings/l-1/buyer-activity': { status: 200, body: { listingId: 'l-1', stats, buyers } },
      'POST /api/seller/listings/l-1/reject-buyer': { status: 200, body: { message: 'Buyer rejected' } },
      'POST /api/seller/listings/l-1/approve-buyer': { status: 200, body: { message: 'Buyer approved' } },
    });
  const rows = () => within(screen.getByRole('region', { name: 'Buyers of this listing' })).getAllByRole('row').slice(1);
  const stat = (label: string) => within(screen.getByRole('list', { name: 'Buyer activity summary' })).getAllByRole('listitem').find((li) => li.textContent?.includes(label))!;

  // from e2e steps/buyer-activity: stat cards, rows, search, the status filter, approve/reject behind a confirm
  test('stats and rows; search by number or name (any case); the status filter; reject and approve ask first', async () => {
    const calls = api([ADA, BEN]);
    show('/seller/buyer-activity');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(stat('Total Views')).toHaveTextContent('1');
    expect(stat('Interested Buyers')).toHaveTextContent('2');
    expect(stat('Offers Received')).toHaveTextContent('1');
    expect(stat('Highest Offer')).toHaveTextContent('$485K');
    expect(rows()[0]).toHaveTextContent('B001');
    expect(rows()[0]).toHaveTextContent('b1@example.com');
    expect(rows()[0]).toHaveTextContent('$485,000.00');
    expect(rows()[1]).toHaveTextContent('Showed interest in the listing');

    const search = screen.getByRole('searchbox', { name: 'Search buyers' });
    await userEvent.type(search, 'b002');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('Ben Browser');
    await userEvent.clear(search);
    await userEvent.type(search, 'ADA');
    await waitFor(() => expect(rows()[0]).toHaveTextContent('B001'));
    expect(rows()).toHaveLength(1);
    await userEvent.clear(search);
    const status = screen.getByLabelText('Status');
    expect(within(status).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Interested', 'Not Interested', 'Made an offer']);
    await userEvent.selectOptions(status, 'Made an offer');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.selectOptions(status, 'Not Interested');
    expect(await screen.findByText('No buyers match your search.')).toBeInTheDocument();
    await userEvent.selectOptions(status, 'All');

    await userEvent.click(await screen.findByRole('button', { name: 'Reject Ben Browser' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to reject Ben Browser (B002) for this listing?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.url.endsWith('-buyer'))).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Reject Ben Browser' }));
    dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Buyer rejected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Approve Ada Offerman' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Buyer approved')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('-buyer')).map((c) => [c.url, c.body])).toEqual([
      ['/api/seller/listings/l-1/reject-buyer', { buyerId: 'b-2' }],
      ['/api/seller/listings/l-1/approve-buyer', { buyerId: 'b-1' }],
    ]);
  });

  // from e2e steps/buyer-activity "pages of 25: the pager moves through the buyers" (27 buyers made through the API there)
  test('pages of 25: "27 buyers · page 1 of 2", the pager moves through the buyers', async () => {
    api(Array.from({ length: 27 }, (_, i) => row(i + 1)), { totalViews: 0, interestedBuyers: 27, offersReceived: 0, highestOffer: null });
    show('/seller/buyer-activity');
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(screen.getByText('27 buyers · page 1 of 2')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Buyer pages' });
    expect(within(pager).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(2);
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('B026');
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('B001'));
  });
});

describe('seller Pre Close Checklist toggle (step 9)', () => {
  const api = (step: number) => {
    let completed = false;
    const body = () => {
      const p = progressBody('seller', step);
      return { ...p, steps: p.steps.map((s) => (s.id === 8 ? { ...s, completed } : s)) };
    };
    const answer = (c: boolean) => () => ((completed = c), { status: 200, body: { message: 'ok', progress: body() } });
    return stubApi({
      'GET /api/seller/progress': () => ({ status: 200, body: body() }),
      'GET /api/seller/current-listing': CURRENT,
      'GET /api/seller/listings/l-1/pre-close-checklist': 'never',
      'POST /api/seller/mark-step-completed': answer(true),
      'POST /api/seller/mark-step-incomplete': answer(false),
    });
  };

  // from e2e steps/pre-close-checklist "the seller marks the step complete and incomplete again, each with its alert"
  test('Mark as Complete and Mark as Incomplete, each with its alert and the step status; Previous and Next', async () => {
    const calls = api(8);
    show('/seller/pre-close-checklist');
    expect(await screen.findByTestId('step-status')).toHaveTextContent('In Progress');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as Complete' }));
    expect(await screen.findByText('Pre-Close Checklist marked as completed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('step-status')).toHaveTextContent('Finished'));
    await userEvent.click(screen.getByRole('button', { name: 'Mark as Incomplete' }));
    expect(await screen.findByText('Pre-Close Checklist marked as incomplete.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('step-status')).toHaveTextContent('In Progress'));
    expect(screen.getByRole('button', { name: 'Mark as Complete' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/seller/mark-step-completed', { stepId: 8 }],
      ['/api/seller/mark-step-incomplete', { stepId: 8 }],
    ]);
    expect(screen.getByRole('link', { name: '← Previous' })).toHaveAttribute('href', '/seller/due-diligence');
    expect(screen.getByRole('link', { name: 'Next →' })).toHaveAttribute('href', '/seller/closing-docs');
  });

  // from e2e steps/pre-close-checklist "before step 8 the seller previews the checklist, without the toggle"
  test('before step 9 the seller previews it: Preview Mode, Not Available, the closing information, no toggle', async () => {
    api(7);
    show('/seller/pre-close-checklist');
    expect(await screen.findByText('Preview Mode')).toBeInTheDocument();
    expect(screen.getByTestId('step-status')).toHaveTextContent('Not Available');
    expect(await screen.findByTestId('closing-info')).toHaveTextContent('Harbour Roastery');
    expect(screen.queryByRole('button', { name: /Mark as (Complete|Incomplete)/ })).not.toBeInTheDocument();
  });
});

describe('seller home loads', () => {
  // from e2e portal/home-and-steps "the home loads stats, listings, progress and current listing in parallel": with no
  // answer to any of them, all four reads are out (none waits for another)
  test('the home asks for stats, listings, progress and the current listing at once', async () => {
    const calls = stubApi({
      'GET /api/seller/progress': 'never',
      'GET /api/seller/current-listing': 'never',
      'GET /api/seller/dashboard': 'never',
      'GET /api/seller/listings': 'never',
    });
    show('/seller');
    const wanted = ['/api/seller/current-listing', '/api/seller/dashboard', '/api/seller/listings', '/api/seller/progress'];
    await waitFor(() => expect([...new Set(calls.map((c) => c.url.split('?')[0]))].filter((u) => wanted.includes(u)).sort()).toEqual(wanted));
  });
});
