import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Question } from '@brokerage/contracts/questions';
import { DUE_DILIGENCE_DOCUMENT_NAMES } from '@brokerage/contracts/due-diligence';
import { QuestionsPanel } from '../src/questions/questions-panel';
import { FakeXhr, fileOf, installFakeXhr } from './fake-xhr';
import { renderAt, signedIn, stubApi } from './remote-harness';
import type { StubCall } from './fetch-stub';

installFakeXhr();

const L = '00000000-0000-4000-8000-00000000a001';
const at = (min: number) => new Date(Date.UTC(2026, 10, 27, 15, min)).toISOString();

function question(id: string, over: Partial<Question> = {}): Question {
  return {
    id,
    listingId: L,
    text: `Question ${id}`,
    documentName: null,
    state: 'Open',
    askedAt: at(Number(id.slice(-2))),
    answer: null,
    releasedTo: null,
    mergedInto: null,
    history: [],
    ...over,
  };
}
const answer = (text: string, over: Partial<NonNullable<Question['answer']>> = {}) => ({
  text,
  answeredAt: at(50),
  answeredByRole: 'SELLER' as const,
  attachments: [],
  ...over,
});

const item = (text: string) => screen.getByRole('article', { name: text });
const group = (name: string) => screen.getByRole('region', { name });

/** What the list read answers now (a write's stub may change it: the screen reads the list again after each write). */
let list: Question[] = [];
const setList = (q: Question[]) => (list = q);

function show(role: string, questions: Question[], extra: Parameters<typeof stubApi>[0] = {}): StubCall[] {
  list = questions;
  const calls = stubApi({ [`GET /api/${role.toLowerCase()}/listings/${L}/questions`]: () => ({ status: 200, body: { questions: list } }), ...extra });
  renderAt(<QuestionsPanel listingId={L} role={role} />, '/');
  return calls;
}

describe('QuestionsPanel: buyer', () => {
  beforeEach(() => signedIn('BUYER'));

  test('ask form (General or one of the 16 names), own questions with their state, the FAQ of released-to-all answers, never an asker', async () => {
    show('BUYER', [
      question('q-01', { askedByMe: true, text: 'Is the lease assignable?', documentName: 'Lease Agreements', state: 'With seller' }),
      question('q-02', { askedByMe: true, text: 'How many staff stay?', state: 'Released', releasedTo: 'ASKER', answer: answer('All four stay on.') }),
      // another buyer's question released to every buyer (a server would never send askerName to a buyer: even so it is not shown)
      question('q-03', { text: 'Any pending litigation?', state: 'Released', releasedTo: 'ALL', answer: answer('None.', { answeredByRole: 'BROKER' }), askerName: 'Other Buyer', askerId: 'b-9' }),
    ]);
    expect(await screen.findByText('Is the lease assignable?')).toBeInTheDocument();

    const topics = within(screen.getByRole('combobox', { name: 'About' })).getAllByRole('option').map((o) => o.textContent);
    expect(topics).toEqual(['General', ...DUE_DILIGENCE_DOCUMENT_NAMES]);
    expect(screen.getByRole('textbox', { name: /Your question/ })).toBeInTheDocument();

    const mine = group('Your questions');
    expect(within(mine).getAllByRole('article')).toHaveLength(2);
    expect(within(item('Is the lease assignable?')).getByTestId('question-state')).toHaveTextContent('With seller');
    expect(within(item('Is the lease assignable?')).getByText('Lease Agreements')).toBeInTheDocument();
    expect(within(item('Is the lease assignable?')).getByText('Waiting for an answer.')).toBeInTheDocument();
    expect(within(item('How many staff stay?')).getByTestId('question-state')).toHaveTextContent('Released');
    expect(within(item('How many staff stay?')).getByText('All four stay on.')).toBeInTheDocument();

    const faq = group('FAQ');
    expect(within(faq).getAllByRole('article')).toHaveLength(1);
    expect(within(mine).queryByText('In the FAQ')).not.toBeInTheDocument();
    expect(within(faq).getByText('Any pending litigation?')).toBeInTheDocument();
    expect(within(faq).getByText('None.')).toBeInTheDocument();
    expect(within(faq).getByText(/by the broker/)).toBeInTheDocument();

    // no asker name, no staff action, no history anywhere
    expect(screen.queryByText(/Other Buyer/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Asked by/)).not.toBeInTheDocument();
    for (const name of [/Route to seller/, /Release to/, /Merge into/, /^Answer/]) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByText(/History/)).not.toBeInTheDocument();
  });

  test('an own question released to every buyer is in the FAQ too, marked on both cards', async () => {
    show('BUYER', [question('q-04', { askedByMe: true, text: 'Is the roof new?', state: 'Released', releasedTo: 'ALL', answer: answer('Replaced in 2024.') })]);
    const own = within(await screen.findByRole('region', { name: 'Your questions' })).getByRole('article', { name: 'Is the roof new?' });
    expect(within(own).getByText('In the FAQ')).toBeInTheDocument();
    const inFaq = within(group('FAQ')).getByRole('article', { name: 'Is the roof new?' });
    expect(within(inFaq).getByText('Your question')).toBeInTheDocument();
    expect(within(inFaq).getByText('Replaced in 2024.')).toBeInTheDocument();
  });

  test('asking sends {text, documentName} (General: null), says "Question sent", empties the text and reads the list again', async () => {
    const user = userEvent.setup();
    const calls = show('BUYER', [], {
      [`POST /api/buyer/listings/${L}/questions`]: (body) => {
        const b = body as { text: string; documentName: string | null };
        setList([question('q-05', { askedByMe: true, text: b.text, documentName: b.documentName as Question['documentName'] })]);
        return { status: 201, body: { question: question('q-05') } };
      },
    });
    expect(await screen.findByText('You have not asked anything yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ask question' }));
    expect(await screen.findByText('Question text is required')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /Your question/ }), '  What is the monthly rent?  ');
    await user.click(screen.getByRole('button', { name: 'Ask question' }));
    expect(await screen.findByText('Question sent')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ text: 'What is the monthly rent?', documentName: null });
    expect(await within(group('Your questions')).findByText('What is the monthly rent?')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Your question/ })).toHaveValue('');

    await user.selectOptions(screen.getByRole('combobox', { name: 'About' }), 'Tax Returns (2 years)');
    await user.type(screen.getByRole('textbox', { name: /Your question/ }), 'Amended returns?');
    await user.click(screen.getByRole('button', { name: 'Ask question' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({ text: 'Amended returns?', documentName: 'Tax Returns (2 years)' });
  });

  test('before the NDA the read answers 409: the lock, not a failure', async () => {
    stubApi({ [`GET /api/buyer/listings/${L}/questions`]: { status: 409, body: { message: 'Complete previous steps to unlock' } } });
    renderAt(<QuestionsPanel listingId={L} role="BUYER" />, '/');
    expect(await screen.findByTestId('step-locked')).toHaveTextContent('Complete previous steps to unlock');
    expect(screen.queryByRole('button', { name: 'Ask question' })).not.toBeInTheDocument();
  });
});

describe('QuestionsPanel: seller', () => {
  beforeEach(() => signedIn('SELLER'));

  test('routed questions with an Answer form, answered ones below; no buyer named, no staff action', async () => {
    show('SELLER', [
      question('q-11', { text: 'Is the lease assignable?', documentName: 'Lease Agreements', state: 'With seller' }),
      question('q-12', { text: 'Why are you selling?', state: 'Answered', answer: answer('Retiring.') }),
    ]);
    const waiting = await screen.findByRole('region', { name: 'Waiting for your answer' });
    expect(within(waiting).getByText('Is the lease assignable?')).toBeInTheDocument();
    expect(within(waiting).getByRole('textbox', { name: /Answer/ })).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Send answer' })).toBeInTheDocument();
    const answered = group('Answered');
    expect(within(answered).getByText('Retiring.')).toBeInTheDocument();
    expect(within(answered).queryByRole('button', { name: 'Send answer' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Asked by/)).not.toBeInTheDocument();
    for (const name of [/Route to seller/, /Release to/, /Merge into/]) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  test('an answer without files is JSON {text}; with a file it is multipart: text first, then the file', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const path = `/api/seller/listings/${L}/questions/q-11/answer`;
    const calls = show('SELLER', [question('q-11', { text: 'Is the lease assignable?', state: 'With seller' })], {
      [`POST ${path}`]: { status: 200, body: { question: question('q-11') } },
    });
    const box = await screen.findByRole('textbox', { name: /Answer/ });
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Answer text is required')).toBeInTheDocument();

    await user.type(box, 'Yes, with the landlord’s consent.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Answer saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url === path)!.body).toEqual({ text: 'Yes, with the landlord’s consent.' });

    // with a file: a refused kind is never sent; a PDF goes with the text as multipart
    await user.upload(screen.getByLabelText('Attach files'), [fileOf('notes.exe', 'application/octet-stream'), fileOf('lease.pdf', 'application/pdf', 2048)]);
    expect(await screen.findByText(/notes\.exe/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Files to attach' })).getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const x = FakeXhr.sent[0]!;
    expect(x.url).toBe(path);
    expect([...x.body!.keys()]).toEqual(['text', 'file']);
    expect(x.body!.get('text')).toBe('Yes, with the landlord’s consent.');
    expect((x.body!.get('file') as File).name).toBe('lease.pdf');
    await act(async () => x.respond(200, { question: question('q-11') }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Files to attach' })).not.toBeInTheDocument());
  });
});

describe('QuestionsPanel: staff', () => {
  beforeEach(() => signedIn('BROKER'));

  const history = [
    { at: at(1), action: 'asked' as const, byRole: 'BUYER' },
    { at: at(5), action: 'routed' as const, byRole: 'BROKER' },
    { at: at(9), action: 'answered' as const, byRole: 'SELLER' },
  ];
  const world = () => [
    question('q-21', { text: 'Is the lease assignable?', askerName: 'Blake Buyer', askerId: 'b-1' }),
    question('q-22', { text: 'Can the lease be assigned?', askerName: 'Dana Diligence', askerId: 'b-2', state: 'With seller' }),
    question('q-23', { text: 'Why are you selling?', askerName: 'Blake Buyer', state: 'Answered', answer: answer('Retiring.', { attachments: [{ id: 'd-1', fileName: 'letter.pdf', fileSize: 2048 }] }), history }),
    question('q-24', { text: 'How many staff stay?', askerName: 'Rae Requests', state: 'Released', releasedTo: 'ASKER', answer: answer('Four.') }),
    question('q-25', { text: 'Is the lease long?', askerName: 'Rae Requests', mergedInto: 'q-21' }),
  ];

  test('every question with its asker and state; the actions each state allows; history; merged duplicates under their question', async () => {
    show('BROKER', world());
    const open = await screen.findByRole('article', { name: 'Is the lease assignable?' });
    expect(within(open).getByText(/Asked by Blake Buyer/)).toBeInTheDocument();
    expect(within(open).getByTestId('question-state')).toHaveTextContent('Open');
    const buttons = (el: HTMLElement) => within(within(el).getByRole('group', { name: 'Actions' })).getAllByRole('button').map((b) => b.textContent!.replace(/ “.*$/, ''));
    expect(buttons(open)).toEqual(['Route to seller', 'Answer', 'Merge into…']);
    expect(within(open).getByText('Merged duplicates')).toBeInTheDocument();
    expect(within(open).getByText(/“Is the lease long\?” \(Rae Requests\)/)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Is the lease long?' })).not.toBeInTheDocument();

    expect(buttons(item('Can the lease be assigned?'))).toEqual(['Answer', 'Merge into…']);
    const answered = item('Why are you selling?');
    expect(buttons(answered)).toEqual(['Answer', 'Merge into…', 'Release to asker', 'Release to all buyers']);
    expect(within(answered).getByText('Retiring.')).toBeInTheDocument();
    expect(within(answered).getByRole('button', { name: 'Download letter.pdf' })).toBeInTheDocument();
    expect(within(answered).getByText('History (3)')).toBeInTheDocument();
    expect(within(answered).getByText(/Routed to the seller by the broker/)).toBeInTheDocument();
    const released = item('How many staff stay?');
    expect(buttons(released)).toEqual(['Release to all buyers']);
    expect(within(released).getByText('Asking buyer only')).toBeInTheDocument();
    expect(group('All questions (4)')).toBeInTheDocument();
  });

  test('Route to seller, Release to all buyers and Merge into… post to the staff routes and read the list again', async () => {
    const user = userEvent.setup();
    const base = `/api/broker/listings/${L}/questions`;
    const ok = { status: 200, body: { question: question('q-21') } };
    const calls = show('BROKER', world(), { [`POST ${base}/q-21/route`]: ok, [`POST ${base}/q-23/release`]: ok, [`POST ${base}/q-22/merge`]: ok });
    await user.click(await screen.findByRole('button', { name: 'Route to seller “Is the lease assignable?”' }));
    expect(await screen.findByText('Question sent to the seller')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Release to all buyers “Why are you selling?”' }));
    expect(await screen.findByText('Answer released')).toBeInTheDocument();
    expect(calls.find((c) => c.url === `${base}/q-23/release`)!.body).toEqual({ audience: 'ALL' });

    await user.click(screen.getByRole('button', { name: 'Merge into… “Can the lease be assigned?”' }));
    const dialog = screen.getByRole('dialog', { name: 'Merge into another question' });
    const targets = within(dialog).getAllByRole('option').map((o) => o.textContent);
    expect(targets).toEqual(['Choose a question', 'Why are you selling? (Blake Buyer)', 'Is the lease assignable? (Blake Buyer)']);
    await user.selectOptions(within(dialog).getByRole('combobox'), 'Is the lease assignable? (Blake Buyer)');
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText('Questions merged')).toBeInTheDocument();
    expect(calls.find((c) => c.url === `${base}/q-22/merge`)!.body).toEqual({ intoQuestionId: 'q-21' });
    // the list is read again after each write
    expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(4);
  });

  test('Answer opens the form with the saved answer; the server\'s refusal is shown', async () => {
    const user = userEvent.setup();
    signedIn('AGENT');
    show('AGENT', world(), {
      [`POST /api/agent/listings/${L}/questions/q-23/answer`]: { status: 409, body: { message: 'A released answer cannot be changed' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Answer “Why are you selling?”' }));
    const form = screen.getByRole('form', { name: /Answer: Why are you selling\?/ });
    expect(within(form).getByRole('textbox', { name: /Answer/ })).toHaveValue('Retiring.');
    await user.click(within(form).getByRole('button', { name: 'Send answer' }));
    expect(await within(form).findByText('A released answer cannot be changed')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: /Answer: Why are you selling\?/ })).not.toBeInTheDocument();
  });
});
