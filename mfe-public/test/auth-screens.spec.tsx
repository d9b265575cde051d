import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient } from '@brokerage/api-client';
import { RESET_REQUEST_ACCEPTED } from '@brokerage/contracts';
import { MSG } from '@brokerage/contracts/messages';
import LoginPage from '../src/features/auth/components/LoginPage';
import ResetPasswordPage from '../src/features/auth/components/ResetPasswordPage';
import { renderAt, stubApi } from '../../packages/ui/test/remote-harness';

// The sign-in and reset screens share their card, fields and submit button (AuthParts.tsx): what a visitor sees and
// the submit's busy/failed states, on both screens.

beforeEach(() => {
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined, retryDelayMs: 0 });
  Element.prototype.scrollIntoView ??= () => undefined;
});

describe('sign-in screen', () => {
  test('its card, fields and links; a refused sign-in shows the server message and the button is usable again', async () => {
    const calls = stubApi({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid email or password' } } });
    renderAt(<LoginPage />, '/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/reset-password');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    const email = screen.getByRole('textbox', { name: /^Email/ });
    expect(email).toHaveAttribute('autocomplete', 'email');
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.type(email, 'sam@example.com');
    await userEvent.type(password, 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/auth/login']);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  test('a server failure (5xx) says "Login failed", not the 5xx body nor "Request failed (…)"', async () => {
    stubApi({ 'POST /api/auth/login': { status: 500, body: { message: 'Something went wrong' } } });
    renderAt(<LoginPage />, '/login');
    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'sam@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(MSG.loginFailed)).toBeInTheDocument();
    expect(screen.queryByText(/Something went wrong|Request failed/)).not.toBeInTheDocument();
  });
});

describe('reset screen', () => {
  test('without a token: the e-mail form says "Sending..." while the request runs, then the accepted text', async () => {
    let answer!: () => void;
    stubApi({ 'POST /api/auth/reset-password': () => new Promise((resolve) => (answer = () => resolve({ status: 200, body: {} }))) });
    renderAt(<ResetPasswordPage />, '/reset-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'sam@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer();
    expect(await screen.findByText(RESET_REQUEST_ACCEPTED)).toBeInTheDocument();
  });

  test('with a token: two new-password fields; a failed request shows its message and keeps the form', async () => {
    stubApi({ 'POST /api/auth/reset-password': { status: 400, body: { message: 'This reset link has expired' } } });
    renderAt(<ResetPasswordPage />, '/reset-password?token=t-1');
    const [pw, confirm] = [screen.getByLabelText(/^New Password/), screen.getByLabelText(/^Confirm New Password/)];
    for (const f of [pw, confirm]) expect(f).toHaveAttribute('autocomplete', 'new-password');
    await userEvent.type(pw, 'secret12');
    await userEvent.type(confirm, 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('This reset link has expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled();
  });
});
