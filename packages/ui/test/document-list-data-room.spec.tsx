import { jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentList, type DocumentAccessControl, type ListedDocument } from '../src/components/document-list';

/** Issue 23 §2/§4 in the shared document list: staff's permission choice and revoke control, versions, view-only files. */
const CIM: ListedDocument = {
  id: 'd-cim', fileName: 'CIM.pdf', fileSize: 2048, uploadedAt: new Date(2026, 10, 21).toISOString(),
  url: '/api/broker/documents/d-cim/download', type: 'CBR_CIM', permission: 'VIEW_AND_DOWNLOAD', canDownload: true, version: 2, versionCount: 3,
};
const PNL: ListedDocument = {
  id: 'd-pnl', fileName: 'P&L.pdf', fileSize: 1024, uploadedAt: new Date(2026, 10, 20).toISOString(),
  url: '/api/buyer/download-document/d-pnl', type: 'FINANCIAL_DOCUMENTS', permission: 'VIEW_ONLY', canDownload: false, version: 1, versionCount: 1,
};
const item = (name: string) => screen.getByText(name).closest('li')!;
const BUYERS = [{ id: 'b1', name: 'Blake Buyer' }, { id: 'b2', name: 'Oscar Buyer' }];

describe('DocumentList: data room controls (issue 23)', () => {
  test('a buyer\'s view-only file: "View only", no download link; a file with several versions reads "v2 of 3"', () => {
    render(<DocumentList label="Docs" documents={[CIM, PNL]} />);
    const pnl = item('P&L.pdf');
    expect(pnl).toHaveTextContent('View only');
    expect(within(pnl).queryByRole('link')).not.toBeInTheDocument();
    const cim = item('CIM.pdf');
    expect(cim).toHaveTextContent('v2 of 3');
    expect(cim).not.toHaveTextContent('View only');
    expect(within(cim).getByRole('link', { name: /View \/ Download CIM\.pdf/ })).toBeInTheDocument();
    expect(pnl).not.toHaveTextContent(/v1 of/);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByText('Buyer access')).not.toBeInTheDocument();
  });

  test('staff: "Buyers may" select per file calls onPermissionChange with the choice, disabled while it runs', async () => {
    let finish: () => void = () => undefined;
    const onPermissionChange = jest.fn(() => new Promise<void>((r) => { finish = r; }));
    render(<DocumentList label="Docs" documents={[CIM, { ...PNL, canDownload: true }]} onPermissionChange={onPermissionChange} />);
    const select = screen.getByRole('combobox', { name: 'Buyers may (CIM.pdf)' });
    expect(select).toHaveValue('VIEW_AND_DOWNLOAD');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['View and download', 'View only']);
    expect(screen.getByRole('combobox', { name: 'Buyers may (P&L.pdf)' })).toHaveValue('VIEW_ONLY');
    await userEvent.selectOptions(select, 'VIEW_ONLY');
    expect(onPermissionChange).toHaveBeenCalledWith(CIM, 'VIEW_ONLY');
    expect(select).toBeDisabled();
    finish();
    await waitFor(() => expect(select).toBeEnabled());
    // staff keep the download link of a view-only file
    expect(within(item('P&L.pdf')).getByRole('link')).toBeInTheDocument();
  });

  test('staff: "Buyer access" lists each buyer; Revoke / Restore per buyer; a listing-wide revocation shows and offers no per-file button', async () => {
    const onRevoke = jest.fn(async () => undefined);
    const onRestore = jest.fn(async () => undefined);
    const access: DocumentAccessControl<ListedDocument> = {
      buyers: [...BUYERS, { id: 'b3', name: 'Rita Revoked' }],
      revocations: [{ buyerId: 'b2', documentId: 'd-cim' }, { buyerId: 'b3', documentId: null }],
      revocable: (d) => d.type === 'CBR_CIM',
      onRevoke,
      onRestore,
    };
    render(<DocumentList label="Docs" documents={[CIM, PNL]} access={access} />);
    expect(within(item('P&L.pdf')).queryByText('Buyer access')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Buyer access', { exact: false }));
    const panel = screen.getByRole('list', { name: 'Buyer access of CIM.pdf' });
    const rows = within(panel).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Blake Buyer Has access Revoke/),
      expect.stringMatching(/^Oscar Buyer Access revoked Restore/),
      "Rita Revoked Access to the listing's documents revoked ",
    ]);
    expect(screen.getByText(/Buyer access \(2 revoked\)/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: "Revoke Blake Buyer's access to CIM.pdf" }));
    expect(onRevoke).toHaveBeenCalledWith(CIM, 'b1');
    await userEvent.click(screen.getByRole('button', { name: "Restore Oscar Buyer's access to CIM.pdf" }));
    expect(onRestore).toHaveBeenCalledWith(CIM, 'b2');
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
  });

  test('a refused action is the caller\'s to report: the control is usable again; no buyers: a short note', async () => {
    const onRevoke = jest.fn(async () => { throw new Error('403'); });
    const { rerender } = render(<DocumentList label="Docs" documents={[CIM]} access={{ buyers: BUYERS, revocations: [], onRevoke, onRestore: jest.fn(async () => undefined) }} />);
    await userEvent.click(screen.getByText('Buyer access', { exact: false }));
    const button = screen.getByRole('button', { name: "Revoke Blake Buyer's access to CIM.pdf" });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeEnabled());
    rerender(<DocumentList label="Docs" documents={[CIM]} access={{ buyers: [], revocations: [], onRevoke, onRestore: jest.fn(async () => undefined) }} />);
    expect(screen.getByText('No buyers on this listing yet.')).toBeInTheDocument();
  });
});
