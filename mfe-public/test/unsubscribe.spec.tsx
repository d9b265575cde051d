import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient } from '@brokerage/api-client';
import UnsubscribePage from '../src/features/unsubscribe/components/UnsubscribePage';
import { renderAt, stubApi } from '../../packages/ui/test/remote-harness';

// /unsubscribe?token=… (issue 24 §2): one button; nothing is sent before it is pressed.

beforeEach(() => {
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined, retryDelayMs: 0 });
});

const button = () => screen.getByRole('button', { name: 'Unsubscribe' });

describe('unsubscribe page', () => {
  test('nothing is sent on load; the button POSTs the token, then names the kind and links to sign in', async () => {
    const calls = stubApi({ 'POST /api/auth/unsubscribe': { status: 200, body: { kind: 'step-completed', label: 'Steps completed by others', email: 'b***@example.com' } } });
    renderAt(<UnsubscribePage />, '/unsubscribe?token=tok.abc');
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.click(button());
    expect(await screen.findByText('You will no longer get e-mails about steps completed by others.')).toBeInTheDocument();
    expect(screen.getByText('Address: b***@example.com')).toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([['POST', '/api/auth/unsubscribe', { token: 'tok.abc' }]]);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(screen.getByRole('link', { name: 'sign in and open Settings' })).toHaveAttribute('href', '/login');
  });

  test('an acronym label keeps its capitals', async () => {
    stubApi({ 'POST /api/auth/unsubscribe': { status: 200, body: { kind: 'nda-signed', label: 'NDAs signed', email: 'm***@example.com' } } });
    renderAt(<UnsubscribePage />, '/unsubscribe?token=t');
    await userEvent.click(button());
    expect(await screen.findByText('You will no longer get e-mails about NDAs signed.')).toBeInTheDocument();
  });

  test('while the request runs the button is busy and cannot send twice', async () => {
    const calls = stubApi({ 'POST /api/auth/unsubscribe': 'never' });
    renderAt(<UnsubscribePage />, '/unsubscribe?token=t');
    await userEvent.click(button());
    const busy = await screen.findByRole('button', { name: 'Unsubscribing...' });
    expect(busy).toBeDisabled();
    await userEvent.click(busy);
    expect(calls).toHaveLength(1);
  });

  test("a bad token shows the server's 400 message and no button to repeat it", async () => {
    stubApi({ 'POST /api/auth/unsubscribe': { status: 400, body: { message: 'This unsubscribe link is not valid.' } } });
    renderAt(<UnsubscribePage />, '/unsubscribe?token=forged');
    await userEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(screen.queryByText(/You will no longer/)).toBeNull();
  });

  test('a server failure says "Failed to unsubscribe" (not its 5xx body) and the button may be pressed again', async () => {
    let n = 0;
    const calls = stubApi({
      'POST /api/auth/unsubscribe': () => (++n === 1 ? { status: 500, body: { message: 'Something went wrong' } } : { status: 200, body: { kind: 'message', label: 'New messages', email: 's***@example.com' } }),
    });
    renderAt(<UnsubscribePage />, '/unsubscribe?token=t');
    await userEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to unsubscribe. Please try again.');
    expect(screen.queryByText('Something went wrong')).toBeNull();
    await userEvent.click(button());
    expect(await screen.findByText('You will no longer get e-mails about new messages.')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  test('without a token: no button, a line saying where the link comes from', () => {
    const calls = stubApi({});
    renderAt(<UnsubscribePage />, '/unsubscribe');
    expect(screen.getByText('Open this page from the unsubscribe link in one of our e-mails.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
