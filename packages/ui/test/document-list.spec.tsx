import { jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DocumentList, type ListedDocument } from '../src/components/document-list';

const DOCS: ListedDocument[] = [
  {
    id: 'd1',
    fileName: 'Listing Agreement - signed.pdf',
    fileSize: 1536,
    uploadedAt: new Date(2026, 10, 21, 13, 5).toISOString(),
    url: '/api/broker/listings/L1/documents/d1/download',
    type: 'LISTING_AGREEMENT',
    uploader: { name: 'Morgan Broker', role: 'BROKER' },
  },
  { id: 'd2', fileName: 'notes.docx', fileSize: null, uploadedAt: null, url: 'broker/documents/d2/download', type: 'UPLOADED_DOC' },
];

const item = (name: string) => screen.getByText(name).closest('li')!;

describe('DocumentList', () => {
  test('each document: name, size, upload date, a download link opening in a new tab', () => {
    render(<DocumentList label="Documents of Coffee Shop" documents={DOCS} showDetails />);
    const list = screen.getByRole('list', { name: 'Documents of Coffee Shop' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const first = item('Listing Agreement - signed.pdf');
    expect(first).toHaveTextContent('Listing Agreement');
    expect(first).toHaveTextContent('1.5 KB');
    expect(first).toHaveTextContent('Nov 21, 2026 1:05 PM');
    expect(first).toHaveTextContent('by Morgan Broker (BROKER)');
    const link = within(first).getByRole('link', { name: /View \/ Download Listing Agreement - signed\.pdf/ });
    expect(link).toHaveAttribute('href', '/api/broker/listings/L1/documents/d1/download');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  test('missing size reads "Unknown size", missing date "Invalid Date"; a path without the API base gets it', () => {
    render(<DocumentList label="Docs" documents={DOCS} showDetails />);
    const second = item('notes.docx');
    expect(second).toHaveTextContent('Other Document');
    expect(second).toHaveTextContent('Unknown size');
    expect(second).toHaveTextContent('Invalid Date');
    expect(within(second).getByRole('link')).toHaveAttribute('href', '/api/broker/documents/d2/download');
  });

  test('no documents: the empty text, no list', () => {
    render(<DocumentList label="Docs" documents={[]} empty="No documents uploaded yet." />);
    expect(screen.getByRole('status')).toHaveTextContent('No documents uploaded yet.');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  test('no Delete button without a delete action', () => {
    render(<DocumentList label="Docs" documents={DOCS} />);
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  test('Delete asks "Are you sure you want to delete this document?"; Cancel keeps it', async () => {
    const onDelete = jest.fn(async () => undefined);
    render(<DocumentList label="Docs" documents={DOCS} onDelete={onDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete notes.docx' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this document?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();
    expect(screen.queryByText('Are you sure you want to delete this document?')).not.toBeInTheDocument();
  });

  test('confirming deletes that document (client screens word it "this file")', async () => {
    const onDelete = jest.fn(async (_d: ListedDocument) => undefined);
    render(<DocumentList label="Docs" documents={DOCS} onDelete={onDelete} confirm="file" />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Listing Agreement - signed.pdf' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete this file?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onDelete.mock.calls[0][0].id).toBe('d1');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  test('a failed delete closes the dialog without an unhandled error (the caller reports it)', async () => {
    const onDelete = jest.fn(async () => {
      throw new Error('Delete failed');
    });
    render(<DocumentList label="Docs" documents={DOCS} onDelete={onDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete notes.docx' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  test('purchase-contract lists show KB under 1 MB, MB above', () => {
    render(
      <DocumentList
        label="Docs"
        sizeStyle="kb-mb"
        documents={[
          { id: 'a', fileName: 'small.pdf', fileSize: 2048 },
          { id: 'b', fileName: 'big.pdf', fileSize: 3 * 1024 * 1024 },
        ]}
      />,
    );
    expect(item('small.pdf')).toHaveTextContent('2 KB');
    expect(item('big.pdf')).toHaveTextContent('3 MB');
  });
});
