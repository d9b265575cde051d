import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { configureApiClient, useSession } from '@brokerage/api-client';
import { RESET_SUCCESS } from '@brokerage/contracts';
import RegistrationPage from '../src/features/registration/components/RegistrationPage';
import LoginPage from '../src/features/auth/components/LoginPage';
import ResetPasswordPage from '../src/features/auth/components/ResetPasswordPage';
import { renderAt, stubApi } from '../../packages/ui/test/remote-harness';

// Registration, sign-in and reset in their states (empty, refused in the form, busy, failed, success), with the spec's
// texts; auth-screens.spec.tsx has the screens' fields and links. The browser test public/accounts keeps the journeys
// against the real identity service (the e-mailed link, sign-in after registering, the duplicate) and 375 px.

/** Where the router is: the screens navigate on success. */
function Where() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}
const at = (element: React.ReactElement, path: string) =>
  renderAt(
    <>
      <Routes>
        <Route path="*" element={element} />
      </Routes>
      <Where />
    </>,
    path,
  );
const location = () => screen.getByRole('status', { name: 'location' });

beforeEach(() => {
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined, retryDelayMs: 0 });
  useSession.getState().clear();
  Element.prototype.scrollIntoView ??= () => undefined;
});

describe('registration', () => {
  const form = () => screen.getByRole('form', { name: 'Registration' });
  async function fill(o: Partial<Record<'name' | 'email' | 'phone' | 'password' | 'confirm', string>> = {}) {
    const f = form();
    await userEvent.type(within(f).getByLabelText(/^Full Name/), o.name ?? 'Rita Register');
    await userEvent.type(within(f).getByLabelText(/^Email/), o.email ?? 'rita@example.com');
    await userEvent.type(within(f).getByLabelText(/^Phone/), o.phone ?? '916-555-0100');
    await userEvent.type(within(f).getByLabelText(/^Password/), o.password ?? 'secret12');
    await userEvent.type(within(f).getByLabelText(/^Confirm Password/), o.confirm ?? o.password ?? 'secret12');
  }

  test('empty: the heading, the seller notice; an empty submit says "Name is required", marks every missing field and sends nothing', async () => {
    const calls = stubApi({});
    at(<RegistrationPage />, '/register');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('Selling a business?');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    for (const label of [/^Full Name/, /^Email/, /^Phone/, /^Password/]) expect(within(form()).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form()).getByLabelText(/^Full Name/)).toHaveFocus();
    expect(calls).toEqual([]);
  });

  test.each([
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ password: 'short' }, 'Password must be at least 6 characters long'],
    [{ confirm: 'different1' }, 'Passwords do not match'],
  ])('the spec\'s checks in order: %o → "%s"', async (values, message) => {
    const calls = stubApi({});
    at(<RegistrationPage />, '/register');
    await fill(values);
    await userEvent.click(within(form()).getByLabelText(/BUYER/));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  test('no role chosen: "Please select whether you are a buyer or seller"', async () => {
    stubApi({});
    at(<RegistrationPage />, '/register');
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please select whether you are a buyer or seller')).toBeInTheDocument();
  });

  test('a seller is told to call first; the buyer-only answers are hidden and not sent', async () => {
    const calls = stubApi({ 'POST /api/auth/register': { status: 201, body: { message: 'ok' } } });
    at(<RegistrationPage />, '/register');
    await userEvent.click(within(form()).getByLabelText(/BUYER/));
    await userEvent.type(within(form()).getByLabelText('Available funds for a purchase'), '250000');
    await userEvent.click(within(form()).getByLabelText(/SELLER/));
    expect(within(form()).getByText(/Please call the broker at/)).toBeInTheDocument();
    expect(within(form()).queryByLabelText('Available funds for a purchase')).not.toBeInTheDocument();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('heading', { name: 'Registration complete' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/auth/register', body: { role: 'SELLER', availableFunds: '', name: 'Rita Register', confirmPassword: 'secret12' } });
  });

  test('busy then success: "Registering...", then "Registration complete" with Go to Login', async () => {
    let answer!: () => void;
    stubApi({ 'POST /api/auth/register': () => new Promise((resolve) => (answer = () => resolve({ status: 201, body: { message: 'ok' } }))) });
    at(<RegistrationPage />, '/register');
    await fill();
    await userEvent.click(within(form()).getByLabelText(/BUYER/));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('button', { name: 'Registering...' })).toBeDisabled();
    answer();
    expect(await screen.findByRole('heading', { name: 'Registration complete' })).toBeInTheDocument();
    expect(screen.getByText('Your account has been created. You will be taken to the sign-in page in a few seconds.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  test('refused: the server\'s message (duplicate e-mail); no answer at all: "Something went wrong. Please try again."', async () => {
    let reply: () => Promise<{ status: number; body?: unknown }> = async () => ({ status: 409, body: { message: 'An account with this email already exists. Please sign in or reset your password.' } });
    stubApi({ 'POST /api/auth/register': () => reply() });
    at(<RegistrationPage />, '/register');
    await fill();
    await userEvent.click(within(form()).getByLabelText(/BUYER/));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('An account with this email already exists. Please sign in or reset your password.')).toBeInTheDocument();
    reply = () => Promise.reject(new TypeError('Failed to fetch'));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Registration' })).toBeInTheDocument();
  });
});

describe('sign-in', () => {
  test('empty fields are refused in the form: "Email is required", nothing sent', async () => {
    const calls = stubApi({});
    at(<LoginPage />, '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  test('busy then success: "Signing in...", the session stored, the role\'s home opened', async () => {
    let answer!: () => void;
    const user = { id: 'u-3', email: 'seller@example.com', name: 'Sam Seller', role: 'SELLER' };
    stubApi({ 'POST /api/auth/login': () => new Promise((resolve) => (answer = () => resolve({ status: 200, body: { user, role: 'SELLER', sessionToken: 's-1', token: 's-1' } }))) });
    at(<LoginPage />, '/login');
    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'seller@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    answer();
    await waitFor(() => expect(location()).toHaveTextContent('/seller'));
    expect(useSession.getState().user).toMatchObject({ email: 'seller@example.com' });
  });
});

describe('reset password with the e-mailed link', () => {
  test('the spec\'s checks in order: "Passwords do not match", then "Password must be at least 6 characters long"; nothing sent', async () => {
    const calls = stubApi({});
    at(<ResetPasswordPage />, '/reset-password?token=t-1');
    await userEvent.type(screen.getByLabelText(/^New Password/), 'abc');
    await userEvent.type(screen.getByLabelText(/^Confirm New Password/), 'abd');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Confirm New Password/), '{Backspace}c');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  test('success: the token and the new password are sent; "Password reset successful! …"; the token leaves the address bar', async () => {
    const calls = stubApi({ 'POST /api/auth/reset-password': { status: 200, body: { message: 'ok' } } });
    window.history.replaceState(null, '', '/reset-password?token=t-1');
    at(<ResetPasswordPage />, '/reset-password?token=t-1');
    await waitFor(() => expect(window.location.search).toBe(''));
    await userEvent.type(screen.getByLabelText(/^New Password/), 'secret12');
    await userEvent.type(screen.getByLabelText(/^Confirm New Password/), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(RESET_SUCCESS)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST', body: { token: 't-1', newPassword: 'secret12' } });
  });

  test('asking for a link with an invalid e-mail: "Please enter a valid email address", nothing sent', async () => {
    const calls = stubApi({});
    at(<ResetPasswordPage />, '/reset-password');
    await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
