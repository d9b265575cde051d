import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureApiClient, useSession } from '@brokerage/api-client';
import { FormDraftActions, useFormDraft } from '../src/components/form-draft';
import { Toaster } from '../src/components/toast';
import { stubFetch, type StubCall, type StubRoute } from './fetch-stub';

const TEXTS = { saved: 'Saved!', saveFailed: 'Save failed', submitted: 'Submitted!', submitFailed: 'Submit failed' };
let calls: StubCall[] = [];
let route: StubRoute;

beforeEach(() => {
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined });
  useSession.getState().setSession({ user: { id: 'u-4', email: 'b@example.com', name: 'Blake', role: 'BUYER' }, sessionToken: 't', token: 't' });
  route = (method) => (method === 'GET' ? { status: 200, body: { nda: { firstName: 'Blake' } } } : { status: 200, body: { message: 'ok' } });
  calls = stubFetch((m, u, b) => route(m, u, b));
});

/** A one-field form on the hook: each keystroke is scheduled for autosave. */
function Probe() {
  const draft = useFormDraft<{ nda: { firstName: string } }>({ area: 'buyer', resource: 'nda', bodyKey: 'nda', texts: TEXTS, autosaveMs: 200 });
  if (!draft.query.data) return <p>loading</p>;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void draft.submit({ firstName: (e.currentTarget.elements.namedItem('firstName') as HTMLInputElement).value });
      }}
    >
      <label>
        First
        <input name="firstName" defaultValue={draft.query.data.nda.firstName} onChange={(e) => draft.schedule({ firstName: e.target.value })} />
      </label>
      <FormDraftActions state={draft.state} autosavedAt={draft.autosavedAt} onSave={() => void draft.save({ firstName: 'saved by hand' })} />
    </form>
  );
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Toaster />
      <Probe />
    </QueryClientProvider>,
  );
}
const saves = () => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/buyer/nda/save'));

it('typing is autosaved once, after the pause, with the newest values', async () => {
  show();
  const input = await screen.findByLabelText('First');
  // The clock stands still while typing (a slow machine must not make a pause), then moves past the 200 ms pause.
  jest.useFakeTimers();
  try {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.clear(input);
    await user.type(input, 'Nadia');
    expect(saves()).toHaveLength(0);
    await act(async () => { jest.advanceTimersByTime(250); });
  } finally {
    jest.useRealTimers();
  }
  await waitFor(() => expect(saves()).toHaveLength(1));
  expect(saves()[0]!.body).toEqual({ nda: { firstName: 'Nadia' } });
  const status = await screen.findByText('Draft saved');
  expect(status.getAttribute('role')).toBe('status');
  expect(status.getAttribute('aria-live')).toBe('polite');
});

it('a pending change is saved when the screen goes away (no change lost on leaving)', async () => {
  const view = show();
  await userEvent.type(await screen.findByLabelText('First'), 'x');
  view.unmount();
  await waitFor(() => expect(saves()).toHaveLength(1));
  expect(saves()[0]!.body).toEqual({ nda: { firstName: 'Blakex' } });
});

it('Save for Later and Submit show the given texts; a failed submit shows the server reason', async () => {
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Save for Later' }));
  expect(await screen.findByText('Saved!')).toBeTruthy();
  route = (method) => (method === 'GET' ? { status: 200, body: { nda: { firstName: '' } } } : { status: 400, body: { message: 'Please fill in all required fields and accept the agreement.' } });
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Please fill in all required fields and accept the agreement.')).toBeTruthy();
  route = (method) => (method === 'GET' ? { status: 200, body: { nda: { firstName: '' } } } : { status: 500, body: {} });
  await act(async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  });
  expect(await screen.findByText('Submit failed')).toBeTruthy();
});

it("a successful submit shows the server's text (it says whether the PDF was asked for), else the given text", async () => {
  route = (method) => (method === 'GET' ? { status: 200, body: { nda: { firstName: 'Blake' } } } : { status: 200, body: { message: 'NDA submitted successfully! PDF document has been generated.' } });
  show();
  await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('NDA submitted successfully! PDF document has been generated.')).toBeTruthy();
  route = (method) => (method === 'GET' ? { status: 200, body: { nda: { firstName: 'Blake' } } } : { status: 200, body: {} });
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Submitted!')).toBeTruthy();
});
