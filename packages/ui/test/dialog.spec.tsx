import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog, Dialog } from '../src/components/dialog';

function Harness({ closeButton }: { closeButton?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Request a Call Back" closeButton={closeButton}>
        <p>We will call you</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  test('shows its title and content only while open, labelled by the title', async () => {
    render(<Harness />);
    expect(screen.queryByText('We will call you')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Request a Call Back' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveTextContent('We will call you');
  });

  test('Escape (the browser cancel event) closes it', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByText('We will call you')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { hidden: true })).not.toHaveAttribute('open');
  });

  test('the optional × button closes it', async () => {
    render(<Harness closeButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('We will call you')).not.toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  function renderConfirm(onConfirm: () => void | Promise<void>, onCancel = jest.fn<() => void>()) {
    render(
      <ConfirmDialog open title="Confirm sign out" message="Are you sure you want to logout?" confirmLabel="Sign out" onConfirm={onConfirm} onCancel={onCancel} />,
    );
    return { onCancel, dialog: screen.getByRole('alertdialog', { name: 'Confirm sign out' }) };
  }

  test('asks with its message; Cancel calls only onCancel', async () => {
    const onConfirm = jest.fn<() => void>();
    const { onCancel, dialog } = renderConfirm(onConfirm);
    expect(dialog).toHaveTextContent('Are you sure you want to logout?');
    // screen readers read the question after the title, not only the title
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to logout?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('confirm runs onConfirm; while it runs both buttons are disabled', async () => {
    let finish!: () => void;
    const onConfirm = jest.fn(() => new Promise<void>((r) => (finish = r)));
    const { onCancel } = renderConfirm(onConfirm);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out' })).toBeEnabled());
    expect(onCancel).not.toHaveBeenCalled();
  });
});
