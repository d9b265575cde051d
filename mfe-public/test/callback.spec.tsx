import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient } from '@brokerage/api-client';
import { CALLBACK_FAILURE, CALLBACK_SUCCESS } from '@brokerage/contracts';
import CallbackDialog from '../src/features/callback/components/CallbackDialog';
import { stubApi } from '../../packages/ui/test/remote-harness';

// The call-back modal's states (spec part 1 §4: open → sending → closed and cleared on success; on failure the form
// stays open). The failure moved here from the browser test tests/public/forms.spec.ts.

beforeEach(() => {
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined, retryDelayMs: 0 });
  Element.prototype.scrollIntoView ??= () => undefined; // the first field error scrolls into view; jsdom has no layout
});

function showDialog() {
  const onClose = jest.fn();
  render(<CallbackDialog open onClose={onClose} />);
  const modal = screen.getByRole('dialog', { name: 'Request a Call Back' });
  const field = (label: string) => within(modal).getByLabelText(new RegExp(`^${label}`));
  return { modal, field, onClose, send: () => userEvent.click(within(modal).getByRole('button', { name: 'SEND US A MESSAGE' })) };
}

describe('call-back modal', () => {
  test('an empty form and an invalid e-mail are refused in the form: nothing is sent, the modal stays open', async () => {
    const calls = stubApi({ 'POST /api/callback-request': { status: 201, body: { message: 'ok' } } });
    const { modal, field, send, onClose } = showDialog();
    await send();
    expect(await within(modal).findByText('First name is required')).toBeInTheDocument();
    await userEvent.type(field('First Name'), 'Robin');
    await userEvent.type(field('Last Name'), 'Callback');
    await userEvent.type(field('Email'), 'robin-at-example');
    await send();
    expect(await within(modal).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  // from e2e public/forms "callback modal failure: the error alert shows and the modal stays open with the values"
  test('failure: Sending... while it waits, then the error alert; the modal stays open with the values', async () => {
    let answer: (r: { status: number; body: unknown }) => void = () => undefined;
    stubApi({ 'POST /api/callback-request': () => new Promise((r) => (answer = r)) });
    const { modal, field, send, onClose } = showDialog();
    const values = { 'First Name': 'Jordan', 'Last Name': 'Failure', Email: 'jordan.failure@example.com', Message: 'Call me back' };
    for (const [label, value] of Object.entries(values)) await userEvent.type(field(label), value);
    await send();
    expect(await within(modal).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer({ status: 500, body: { message: 'Something went wrong' } });
    const notice = await screen.findByRole('alertdialog', { name: 'Request a Call Back' });
    expect(notice).toHaveAccessibleDescription(CALLBACK_FAILURE);
    expect(screen.queryByText(CALLBACK_SUCCESS)).not.toBeInTheDocument();
    await userEvent.click(within(notice).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    for (const [label, value] of Object.entries(values)) expect(field(label)).toHaveValue(value);
    expect(within(modal).getByRole('button', { name: 'SEND US A MESSAGE' })).toBeEnabled();
  });

  test('success: the success alert, the form cleared and closed', async () => {
    const calls = stubApi({ 'POST /api/callback-request': { status: 201, body: { message: 'ok' } } });
    const { field, send, onClose } = showDialog();
    await userEvent.type(field('First Name'), 'Robin');
    await userEvent.type(field('Last Name'), 'Callback');
    await userEvent.type(field('Email'), 'robin@example.com');
    await send();
    expect(await screen.findByRole('alertdialog', { name: 'Request a Call Back' })).toHaveAccessibleDescription(CALLBACK_SUCCESS);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(field('First Name')).toHaveValue('');
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', body: { firstName: 'Robin', lastName: 'Callback', email: 'robin@example.com', message: '' } })]);
  });
});
