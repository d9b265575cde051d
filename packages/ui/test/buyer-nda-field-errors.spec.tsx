import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';

/*
 * The buyer's NDA screen (mfe-buyer) with its draft and listing hooks stubbed: Submit with required fields missing
 * shows the submit rule's message beside the first missing field (not a toast), marks every missing field and focuses
 * the first (deviation 9); nothing is sent.
 */
const submit = jest.fn();
const toastError = jest.fn();

jest.mock('@brokerage/ui/portal', () => {
  const { FormDraftActions } = jest.requireActual<typeof import('../src/components/form-draft')>('../src/components/form-draft');
  const nda = {
    firstName: 'Nadia', lastName: 'Buyer', organization: '', email: 'nadia@example.com', phone: '', addressLine1: '', addressLine2: '',
    city: '', state: '', zipCode: '', listingInterest: 'l-1', availableMoney: '', minimumIncome: '', totalPriceWilling: '',
    californiaRegions: [], timeFrameToPurchase: '', agreementAccepted: false, signature: '', status: 'DRAFT', evidence: null,
    needsConsent: false, textSha256: 'x',
  };
  return {
    FormDraftActions,
    FormDraftBody: ({ children }: { children: () => ReactNode }) => <>{children()}</>,
    NoListingSelected: () => null,
    StepFrame: ({ children }: { children: ReactNode }) => <main>{children}</main>,
    formatDateTime: String,
    useAutosave: () => undefined,
    useCurrentListing: () => ({ isPending: false, data: { listing: { id: 'l-1', title: 'Bakery' } } }),
    useFormDraft: () => ({ query: { isPending: false, isError: false, data: { nda } }, state: 'idle', autosavedAt: null, schedule: () => undefined, save: () => undefined, submit }),
  };
});
jest.mock('../src/components/toast', () => ({ toast: { error: toastError, success: jest.fn() }, Toaster: () => null }));


beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => undefined;
});

test('the NDA form shows "Please fill in all required fields…" beside its field, marks every missing one, focuses the first', async () => {
  // loaded after the mocks above are in place; a test only (mfe-buyer has no Jest set-up of its own), never from src
  // eslint-disable-next-line import-x/no-restricted-paths
  const { BuyerNdaPage } = await import('../../../mfe-buyer/src/features/nda/components/BuyerNdaPage');
  render(<BuyerNdaPage />);
  const phone = await screen.findByRole('textbox', { name: 'Phone' });
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

  const message = await screen.findByRole('alert');
  expect(message).toHaveTextContent('Please fill in all required fields and accept the agreement.');
  // beside its field: inside the Phone field, which it describes
  expect(message.closest('.bb-field')).toContainElement(phone);
  expect(phone).toHaveAccessibleDescription('Please fill in all required fields and accept the agreement.');
  expect(phone).toHaveAttribute('aria-invalid', 'true');
  expect(phone).toHaveFocus();
  // every missing field is marked; filled ones are not
  expect(screen.getByRole('checkbox', { name: /I have read and accept/ })).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('textbox', { name: 'First Name' })).not.toHaveAttribute('aria-invalid');
  expect(screen.getByRole('combobox', { name: /Listing of Interest/ })).not.toHaveAttribute('aria-invalid');
  // one message, no toast, nothing sent
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  expect(toastError).not.toHaveBeenCalled();
  expect(submit).not.toHaveBeenCalled();
});
