import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { financialStatementSchema, ndaFormSchema } from '@brokerage/contracts';
import { tagOptionsOf } from '@brokerage/contracts/document-tags';
import BuyerApp from '../src/App';
import { progressBody, renderAt, signedIn, stubApi } from '../../packages/ui/test/remote-harness';

// The buyer's NDA (step 3), Financial Statement (step 4), Upload Docs (step 6) and After The Sale (step 11) in their
// states (loading, error, empty, locked step, success), mounted as the shell mounts the remote. What the browser tests
// forms/nda, forms/financial-statement, steps/buyer-documents and steps/after-sale checked on the screen alone moved
// here; they keep the journey across roles (the server's draft, PDF and step), real files and 375 px.

const SELECTED = {
  id: 'l-7', title: 'Florist on Main', description: 'Flowers and plants', price: 425000, status: 'ACTIVE', ndaCompleted: true, sellerName: 'Sam Seller',
  agent: null, buyers: [], closedAt: null, createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z',
};
const CURRENT = { status: 200, body: { listing: SELECTED, needsSelection: false } };
const FAILED = { status: 500, body: { message: 'Something went wrong' } };
const STATUS = { savedAt: null, submittedAt: null, pdfRequested: false };
const show = (path: string) => renderAt(<BuyerApp />, path, '/buyer/*');
const main = () => screen.getByRole('main');
const progress = (step: number) => ({ status: 200, body: progressBody('buyer', step) });
type Reply = Parameters<typeof stubApi>[0][string];

/** A step ahead of the client's journey: the frame's Preview Mode notice and "Not Available". */
async function expectLocked(path: string) {
  show(path);
  expect(await screen.findByText('Step Not Yet Available')).toBeInTheDocument();
  expect(screen.getByTestId('step-status')).toHaveTextContent('Not Available');
}

beforeEach(() => {
  signedIn('BUYER');
  Element.prototype.scrollIntoView ??= () => undefined;
});

describe('buyer Non-Disclosure Agreement (step 3)', () => {
  const nda = (o: Record<string, unknown> = {}) => ({
    status: 200,
    body: { nda: { ...ndaFormSchema.parse({}), listingInterest: 'l-7', status: 'NEW', ...STATUS, evidence: null, needsConsent: false, textSha256: 'f'.repeat(64), ...o } },
  });
  const api = (o: { step?: number; form?: Reply; save?: Reply; submit?: Reply } = {}) =>
    stubApi({
      'GET /api/buyer/progress': progress(o.step ?? 2),
      'GET /api/buyer/current-listing': CURRENT,
      'GET /api/buyer/nda': o.form ?? nda(),
      'POST /api/buyer/nda/save': o.save ?? { status: 200, body: { message: 'NDA saved successfully!' } },
      'POST /api/buyer/nda/submit': o.submit ?? { status: 200, body: { message: 'NDA submitted successfully! PDF document has been generated.' } },
    });
  const form = () => screen.findByRole('form', { name: 'Non-Disclosure Agreement' });
  async function fillRequired(f: HTMLElement) {
    await userEvent.type(within(f).getByLabelText(/^First Name/), 'Nadia');
    await userEvent.type(within(f).getByLabelText(/^Last Name/), 'Signer');
    await userEvent.type(within(f).getByLabelText(/^Email/), 'nadia@example.com');
    await userEvent.type(within(f).getByLabelText(/^Phone/), '916-555-0142');
  }

  test('loading: a spinner while the draft is read', async () => {
    api({ form: 'never' });
    show('/buyer/non-disclosure');
    expect(await within(main()).findByRole('heading', { level: 1, name: 'Non Disclosure' })).toBeInTheDocument();
    expect(await within(main()).findByText('Loading...')).toBeInTheDocument();
  });

  test('error: "Failed to load data"; Retry shows the form', async () => {
    let fail = true;
    api({ form: () => (fail ? FAILED : nda()) });
    show('/buyer/non-disclosure');
    expect(await within(main()).findByText('Failed to load data')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(main()).getByRole('button', { name: 'Retry' }));
    expect(await form()).toBeInTheDocument();
  });

  // from e2e forms/nda: the agreement text, the listing preselected, Save for Later with its alert
  test('new: the agreement text, the selected listing preselected; Save for Later sends the answers and says "NDA saved successfully!"', async () => {
    const calls = api();
    show('/buyer/non-disclosure');
    const f = await form();
    expect(within(f).getByText('Confidentiality.', { exact: false })).toBeInTheDocument();
    expect(within(f).getByLabelText(/^Listing of Interest/)).toHaveValue('l-7');
    expect(within(f).getByRole('option', { name: 'Florist on Main' })).toBeInTheDocument();
    expect(within(f).queryByText('NDA signed')).not.toBeInTheDocument();
    await userEvent.type(within(f).getByLabelText(/^First Name/), 'Nadia');
    await userEvent.click(within(f).getByLabelText('East Bay'));
    await userEvent.selectOptions(within(f).getByLabelText('Time Frame to Purchase'), '3-6 months');
    await userEvent.click(within(f).getByRole('button', { name: 'Save for Later' }));
    expect(await screen.findByText('NDA saved successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/buyer/nda/save')?.body).toMatchObject({
      nda: { firstName: 'Nadia', californiaRegions: ['East Bay'], timeFrameToPurchase: '3-6 months', listingInterest: 'l-7' },
    });
  });

  // from e2e forms/nda: the submit is refused in the form until the agreement is accepted
  test('Submit without the agreement accepted: the spec\'s message beside the checkbox, nothing sent', async () => {
    const calls = api();
    show('/buyer/non-disclosure');
    const f = await form();
    await fillRequired(f);
    await userEvent.click(within(f).getByRole('button', { name: 'Submit' }));
    const accept = within(f).getByLabelText(/I have read and accept/);
    await waitFor(() => expect(accept).toHaveAttribute('aria-invalid', 'true'));
    expect(accept).toHaveAccessibleDescription('Please fill in all required fields and accept the agreement.');
    expect(calls.filter((c) => c.url === '/api/buyer/nda/submit')).toEqual([]);
  });

  // from e2e forms/nda: the submitted NDA's texts; the success state
  test('success: Submit sends the signed NDA, says "NDA submitted successfully! PDF document has been generated." and reloads the progress', async () => {
    const calls = api();
    show('/buyer/non-disclosure');
    const f = await form();
    await fillRequired(f);
    await userEvent.click(within(f).getByLabelText(/I have read and accept/));
    await userEvent.type(within(f).getByLabelText(/^Signature \(type your full name\)/), 'Nadia Signer');
    const reads = () => calls.filter((c) => c.url === '/api/buyer/progress').length;
    const before = reads();
    await userEvent.click(within(f).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('NDA submitted successfully! PDF document has been generated.', { exact: true })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/buyer/nda/submit')?.body).toMatchObject({ nda: { firstName: 'Nadia', agreementAccepted: true, signature: 'Nadia Signer' } });
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  test('signed: "NDA signed" with the signer and date; a changed agreement asks for consent again instead', async () => {
    const evidence = { signedAt: '2026-11-21T15:30:00.000Z', signer: 'Nadia Signer', ip: null, userAgent: null, textSha256: 'f'.repeat(64) };
    api({ form: nda({ status: 'SUBMITTED', evidence }) });
    const first = show('/buyer/non-disclosure');
    expect(await screen.findByText('NDA signed')).toBeInTheDocument();
    expect(screen.getByText(/^Signed by Nadia Signer on /)).toBeInTheDocument();
    first.unmount();
    api({ form: nda({ status: 'SUBMITTED', evidence, needsConsent: true }) });
    show('/buyer/non-disclosure');
    expect(await screen.findByText('The Non-Disclosure Agreement has changed since you signed it. Please read it and accept it again.')).toBeInTheDocument();
    expect(screen.queryByText('NDA signed')).not.toBeInTheDocument();
  });

  test('a refused submit shows the server\'s reason; a failed one "Failed to submit NDA. Please try again."', async () => {
    let reply: Reply = { status: 422, body: { message: 'The listing is no longer available' } };
    api({ submit: () => reply as never });
    show('/buyer/non-disclosure');
    const f = await form();
    await fillRequired(f);
    await userEvent.click(within(f).getByLabelText(/I have read and accept/));
    await userEvent.click(within(f).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The listing is no longer available')).toBeInTheDocument();
    reply = FAILED;
    await userEvent.click(within(f).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to submit NDA. Please try again.')).toBeInTheDocument();
  });

  test('locked step (the buyer is at step 2): Preview Mode, Not Available', async () => {
    api({ step: 1 });
    await expectLocked('/buyer/non-disclosure');
  });
});

describe('buyer Financial Statement (step 4)', () => {
  const pfs = (o: Record<string, unknown> = {}) => ({ status: 200, body: { financialStatement: { ...financialStatementSchema.parse({}), status: 'NEW', ...STATUS, ...o } } });
  const api = (o: { step?: number; form?: Reply; submit?: Reply } = {}) =>
    stubApi({
      'GET /api/buyer/progress': progress(o.step ?? 3),
      'GET /api/buyer/current-listing': CURRENT,
      'GET /api/buyer/financial-statement': o.form ?? pfs(),
      'POST /api/buyer/financial-statement/save': { status: 200, body: { message: 'Financial statement saved successfully!' } },
      'POST /api/buyer/financial-statement/submit': o.submit ?? { status: 200, body: { message: 'Financial statement submitted successfully! PDF document has been generated.' } },
    });
  const form = () => screen.findByRole('form', { name: 'Personal Financial Statement' });

  test('loading: a spinner while the statement is read', async () => {
    api({ form: 'never' });
    show('/buyer/financial-statement');
    expect(await within(main()).findByRole('heading', { level: 1, name: 'Financial Statement' })).toBeInTheDocument();
    expect(await within(main()).findByText('Loading...')).toBeInTheDocument();
  });

  test('error: "Failed to load data" with Retry', async () => {
    api({ form: 'fail' });
    show('/buyer/financial-statement');
    expect(await within(main()).findByText('Failed to load data')).toBeInTheDocument();
    expect(within(main()).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  // from e2e forms/financial-statement: the 90-day advice, Prepared On today, money fields, live totals, Submit waits for
  // the four required fields, Save for Later
  test('empty: the 90-day advice, Prepared On today; money fields read as whole dollars with live totals; Submit waits for the four required fields', async () => {
    const calls = api();
    show('/buyer/financial-statement');
    const f = await form();
    expect(within(f).getByText('Personal financial statements must be current within 90 days.')).toBeInTheDocument();
    expect(within(f).getByLabelText('Prepared On')).toHaveValue(new Date().toLocaleDateString('en-CA'));
    const submit = within(f).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();

    const checking = within(f).getByLabelText('Checking accounts');
    await userEvent.type(checking, '$12,000.4.9x');
    expect(checking).toHaveValue('12000.49');
    await userEvent.type(within(f).getByLabelText('Real estate (market value)'), '450000');
    await userEvent.type(within(f).getByLabelText('Credit card debt'), '1500.5');
    await userEvent.type(within(f).getByLabelText('Real property mortgages'), '300000');
    await userEvent.click(within(f).getByLabelText(/^Name/));
    expect(checking).toHaveValue('$12,000');
    expect(within(f).getByRole('status', { name: 'Total Assets' })).toHaveTextContent('$462,000');
    expect(within(f).getByRole('status', { name: 'Total Liabilities' })).toHaveTextContent('$301,501');
    expect(within(f).getByRole('status', { name: 'Net Worth' })).toHaveTextContent('$160,500');

    await userEvent.type(within(f).getByLabelText(/^Name/), 'Felix Figures');
    await userEvent.type(within(f).getByLabelText(/^Mailing Address/), '1 Main St, Davis, CA 95616');
    await userEvent.click(within(f).getByRole('button', { name: 'Save for Later' }));
    expect(await screen.findByText('Financial statement saved successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/buyer/financial-statement/save')?.body).toMatchObject({ financialStatement: { name: 'Felix Figures', checkingAccounts: '12000.49' } });
    await userEvent.type(within(f).getByLabelText(/^Signature/), 'Felix Figures');
    expect(submit).toBeDisabled();
    await userEvent.type(within(f).getByLabelText(/^Print Name/), 'Felix Figures');
    expect(submit).toBeEnabled();
  });

  test('success: a saved statement is restored with its totals; Submit says the server\'s text', async () => {
    api({ form: pfs({ name: 'Felix Figures', mailingAddress: '1 Main St', signature: 'Felix Figures', printName: 'Felix Figures', checkingAccounts: '12000', creditCardDebt: '2000', status: 'SUBMITTED' }) });
    show('/buyer/financial-statement');
    const f = await form();
    expect(within(f).getByText('Your financial statement has been submitted.')).toBeInTheDocument();
    expect(within(f).getByRole('status', { name: 'Net Worth' })).toHaveTextContent('$10,000');
    await userEvent.click(within(f).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Financial statement submitted successfully! PDF document has been generated.', { exact: true })).toBeInTheDocument();
  });

  test('a failed submit says "Failed to submit financial statement"', async () => {
    api({ form: pfs({ name: 'F', mailingAddress: 'M', signature: 'S', printName: 'P' }), submit: FAILED });
    show('/buyer/financial-statement');
    await userEvent.click(within(await form()).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Failed to submit financial statement')).toBeInTheDocument();
  });

  test('locked step (the buyer is at step 3): Preview Mode, Not Available', async () => {
    api({ step: 2 });
    await expectLocked('/buyer/financial-statement');
  });
});

describe('buyer Upload Docs (step 6)', () => {
  const REQUESTED = tagOptionsOf('BUYER_REQUESTED_DOCUMENTS');
  const funds = REQUESTED.find((o) => o.label === 'Proof of funds letter from your bank')!;
  const doc = (id: string, fileName: string, o: Record<string, unknown> = {}) => ({
    id, fileName, fileSize: 2048, uploadedAt: '2026-11-20T10:00:00.000Z', url: `/api/documents/${id}/download`, type: 'UPLOADED_DOC', stepId: 5,
    category: 'BUYER_UPLOAD', operationType: 'UPLOAD', uploader: { id: 'u-4', name: 'Blake Buyer', role: 'BUYER' }, listingId: 'l-7',
    buyerId: '00000000-0000-4000-8000-000000000004', audience: 'STAFF', contentType: 'application/pdf', sha256: 'a'.repeat(64), tag: null, ...o,
  });
  const api = (o: { step?: number; list?: Reply; del?: Reply } = {}) =>
    stubApi({
      'GET /api/buyer/progress': progress(o.step ?? 5),
      'GET /api/buyer/current-listing': CURRENT,
      'GET /api/buyer/documents': o.list ?? { status: 200, body: { documents: [] } },
      'DELETE /api/buyer/listings/l-7/documents/d-2': o.del ?? { status: 200, body: { message: 'ok' } },
    });
  const requested = () => screen.getByRole('region', { name: 'Requested documents' });

  test('loading: a spinner in the list while it is read', async () => {
    api({ list: 'never' });
    show('/buyer/upload-docs');
    expect(await within(main()).findByRole('heading', { level: 1, name: 'Upload Docs' })).toBeInTheDocument();
    expect(within(main()).getByText('Loading...')).toBeInTheDocument();
  });

  test('error: "Failed to load data" with Retry', async () => {
    api({ list: 'fail' });
    show('/buyer/upload-docs');
    expect(await within(main()).findByText('Failed to load data')).toBeInTheDocument();
    expect(within(main()).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  // from e2e steps/buyer-documents: the 10 requested documents, "No files uploaded yet."
  test('empty: "No files uploaded yet.", the 10 requested documents unticked, the first upload completes the step', async () => {
    api();
    show('/buyer/upload-docs');
    expect(await screen.findByText('No files uploaded yet.')).toBeInTheDocument();
    expect(within(requested()).getAllByRole('listitem')).toHaveLength(10);
    expect(within(requested()).getByRole('status')).toHaveTextContent('0 of 10 received');
    expect(main()).toHaveTextContent('Your first upload completes this step.');
  });

  // from e2e steps/buyer-documents: untagged files tick nothing, a tagged one ticks its item, the signed contract is not
  // listed here, a delete asks first
  test('success: own uploads only (not the signed contract); a tagged file ticks its item ("1 of 10 received"); a delete asks first', async () => {
    let docs = [
      doc('d-1', 'bank letter.pdf', { tag: funds.value }),
      doc('d-2', 'pre-approval.pdf'),
      doc('d-3', 'signed contract.pdf', { type: 'PURCHASE_CONTRACT', stepId: 6 }),
      doc('d-4', 'CIM.pdf', { category: 'LISTING', type: 'CBR_CIM' }),
    ];
    const calls = api({ step: 6, list: () => ({ status: 200, body: { documents: docs } }), del: () => ((docs = docs.filter((d) => d.id !== 'd-2')), { status: 200, body: { message: 'ok' } }) });
    show('/buyer/upload-docs');
    const list = await screen.findByRole('list', { name: 'Your uploaded documents' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('bank letter.pdf'), expect.stringContaining('pre-approval.pdf')]);
    expect(within(requested()).getByRole('checkbox', { name: 'Proof of funds letter from your bank' })).toBeChecked();
    expect(within(requested()).getByRole('status')).toHaveTextContent('1 of 10 received');
    expect(main()).toHaveTextContent('This step is complete; you can keep adding files.');

    await userEvent.click(within(list).getByRole('button', { name: 'Delete pre-approval.pdf' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this file?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File deleted successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/buyer/listings/l-7/documents/d-2');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your uploaded documents' })).getAllByRole('listitem')).toHaveLength(1));
    expect(within(requested()).getByRole('checkbox', { name: 'Proof of funds letter from your bank' })).toBeChecked();
  });

  test('locked step (the buyer is at step 5): Preview Mode, Not Available', async () => {
    api({ step: 4 });
    await expectLocked('/buyer/upload-docs');
  });
});

describe('buyer After The Sale (step 11)', () => {
  const api = (o: { step?: number; send?: Reply } = {}) =>
    stubApi({
      'GET /api/buyer/progress': progress(o.step ?? 10),
      'GET /api/buyer/current-listing': CURRENT,
      'POST /api/buyer/email-agent': o.send ?? { status: 201, body: { message: 'Message sent successfully' } },
    });

  // from e2e steps/after-sale: the banner, eight advice groups, Return to Dashboard
  test('the congratulations, the eight advice groups, Contact Support and Return to Dashboard', async () => {
    api();
    show('/buyer/after-sale');
    expect(await screen.findByText('Congratulations on your new business!')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Advice for new owners' })).getAllByRole('heading')).toHaveLength(8);
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/buyer');
    await userEvent.click(screen.getByRole('button', { name: 'Contact Support' }));
    const form = await screen.findByRole('form', { name: 'Contact Support' });
    expect(within(form).getByLabelText('Subject')).toHaveValue('Support after my purchase');
  });

  // from e2e steps/after-sale: Share Your Success Story refuses an empty message, sends, closes with the spec's alert
  test('Share Your Success Story: an empty message is refused in the form; a message is sent with its subject and the dialog closes', async () => {
    const calls = api();
    show('/buyer/after-sale');
    await userEvent.click(await screen.findByRole('button', { name: 'Share Your Success Story' }));
    const form = await screen.findByRole('form', { name: 'Share Your Success Story' });
    expect(within(form).getByLabelText('Subject')).toHaveValue('My success story');
    await userEvent.click(within(form).getByRole('button', { name: 'Send to your broker' }));
    expect(await within(form).findByText('Message is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.type(within(form).getByLabelText('Message'), 'We doubled the catering orders');
    await userEvent.click(within(form).getByRole('button', { name: 'Send to your broker' }));
    expect(await screen.findByText('Message sent successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Share Your Success Story' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/buyer/email-agent', body: { subject: 'My success story', content: 'We doubled the catering orders' } });
  });

  test.each([
    ['a refusal (4xx) says the server\'s reason', { status: 422, body: { message: 'Your broker has no mailbox yet' } }, 'Your broker has no mailbox yet'],
    ['a server failure (5xx) says "Failed to send message. Please try again."', { status: 503, body: { message: 'Something went wrong' } }, 'Failed to send message. Please try again.'],
  ])('a failed send: %s and keeps the dialog open', async (_name, send, text) => {
    api({ send });
    show('/buyer/after-sale');
    await userEvent.click(await screen.findByRole('button', { name: 'Contact Support' }));
    const form = await screen.findByRole('form', { name: 'Contact Support' });
    await userEvent.type(within(form).getByLabelText('Message'), 'Help with the lease');
    await userEvent.click(within(form).getByRole('button', { name: 'Send to your broker' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Contact Support' })).toBeInTheDocument();
  });

  test('locked step (the buyer is at step 10): Preview Mode, Not Available', async () => {
    api({ step: 9 });
    await expectLocked('/buyer/after-sale');
  });
});

describe('buyer Purchase Contract (step 7) waiting for the contract', () => {
  // from e2e steps/purchase-agreement "a buyer waits for the contract …": the spec's waiting texts and summary
  test('the contract summary, the three "Waiting…" texts, the disabled button, the legal note and the accepted types; Next disabled', async () => {
    stubApi({
      'GET /api/buyer/progress': progress(6),
      'GET /api/buyer/current-listing': CURRENT,
      'GET /api/buyer/purchase-contract': { status: 200, body: { document: null, signedCopies: [] } },
    });
    show('/buyer/purchase-contract');
    expect(await screen.findByText('Waiting for broker/agent to provide purchase contract')).toBeInTheDocument();
    expect(screen.getByText('Step 7 of 11')).toBeInTheDocument();
    for (const t of ['Business Purchase Agreement', 'As per loan approval', '30 days from signing', '45-60 days typical']) expect(screen.getByText(t, { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Waiting for Contract' })).toBeDisabled();
    expect(screen.getByText('Your broker or agent will provide the purchase contract once an offer is accepted.')).toBeInTheDocument();
    expect(screen.getByText(/legally binding/)).toBeInTheDocument();
    expect(screen.getByText(/Accepted: \.pdf, \.doc, \.docx · up to 10MB/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
  });
});

describe('buyer Pre Close Checklist Mark as Complete (step 9)', () => {
  // from e2e steps/pre-close-checklist "the buyer marks the step complete ("Step is already completed." the second time)"
  test('the card\'s "Available" status and the critical deadline; Mark as Complete sends the step update; a second click says "Step is already completed."', async () => {
    let completed = false;
    const body = () => {
      const p = progressBody('buyer', 8);
      return { ...p, steps: p.steps.map((s) => (s.id === 8 ? { ...s, completed } : s)) };
    };
    const calls = stubApi({
      'GET /api/buyer/progress': () => ({ status: 200, body: body() }),
      'GET /api/buyer/current-listing': CURRENT,
      'GET /api/buyer/listings/l-7/pre-close-checklist': 'never',
      'POST /api/buyer/update-step': () => ((completed = true), { status: 200, body: { message: 'ok', progress: body() } }),
    });
    show('/buyer/pre-close-checklist');
    const card = await screen.findByRole('region', { name: 'Mark as Complete' });
    expect(within(card).getByText('Available - Click "Mark as Finished" below')).toBeInTheDocument();
    expect(screen.getByText('Critical deadline')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next →' })).toHaveAttribute('href', '/buyer/closing-docs');
    expect(screen.getByRole('link', { name: '← Previous' })).toHaveAttribute('href', '/buyer/due-diligence');
    await userEvent.click(within(card).getByRole('button', { name: 'Mark as Complete' }));
    expect(await screen.findByText('Pre-Close Checklist marked as completed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByText('Finished')).toBeInTheDocument());
    expect(screen.getByTestId('step-status')).toHaveTextContent('Finished');
    await userEvent.click(within(card).getByRole('button', { name: 'Mark as Complete' }));
    expect(await screen.findByText('Step is already completed.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([['/api/buyer/update-step', { stepId: 8, completed: true }]]);
  });
});
