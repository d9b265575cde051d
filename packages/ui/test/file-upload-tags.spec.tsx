import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@brokerage/api-client';
import { tagOptionsOf } from '@brokerage/contracts/document-tags';
import { FileUpload } from '../src/components/file-upload';
import { RequestedDocumentsChecklist } from '../src/components/file-upload-checklist';
import { DocumentList, type ListedDocument } from '../src/components/document-list';
import { FakeXhr, dropOf, fileOf, installFakeXhr } from './fake-xhr';

installFakeXhr();

const PDF = 'application/pdf';
const ITEMS = tagOptionsOf('SELLER_FINANCIAL_DOCUMENTS');

beforeEach(() => {
  useSession.getState().setSession({ user: { id: 'u1', name: 'Sam Seller', email: 's@example.com', role: 'SELLER' }, sessionToken: 'tok-1' });
});

async function drop(zone: HTMLElement, files: File[]) {
  await act(async () => {
    fireEvent.drop(zone, dropOf(files));
  });
}

describe('FileUpload: the optional "Document type" select', () => {
  const renderTagged = (props: { tagLabel?: string } = {}) => {
    render(
      <FileUpload label="Upload financial documents" purpose="DOCUMENTS" path="/seller/documents/upload" fields={{ documentType: 'FINANCIAL_DOCUMENTS', stepId: '4' }} tagOptions={ITEMS} {...props} />,
    );
    return screen.getByRole('group', { name: 'Upload financial documents' });
  };

  test('is absent without options', () => {
    render(<FileUpload label="Upload" purpose="DOCUMENTS" path="/x" />);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  test('is labelled, starts at "Not specified" and lists the options in order', () => {
    renderTagged();
    const select = screen.getByRole('combobox', { name: 'Document type' });
    expect(select).toHaveValue('');
    const options = within(select).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Not specified', ...ITEMS.map((i) => i.label)]);
    expect(options).toHaveLength(10);
  });

  test('the chosen tag goes with each file as the field "tag", after the other fields and before the file', async () => {
    const zone = renderTagged();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Document type' }), 'Premises lease');
    await drop(zone, [fileOf('lease.pdf', PDF), fileOf('lease-2.pdf', PDF)]);
    expect(FakeXhr.sent).toHaveLength(2);
    for (const sent of FakeXhr.sent) {
      expect([...sent.body!.keys()]).toEqual(['documentType', 'stepId', 'tag', 'file']);
      expect(sent.body!.get('tag')).toBe('PREMISES_LEASE');
    }
  });

  test('"Not specified" sends no tag field; a custom label names the select', async () => {
    const zone = renderTagged({ tagLabel: 'This file is' });
    expect(screen.getByRole('combobox', { name: 'This file is' })).toHaveValue('');
    await drop(zone, [fileOf('misc.pdf', PDF)]);
    expect([...FakeXhr.sent[0]!.body!.keys()]).toEqual(['documentType', 'stepId', 'file']);
  });
});

describe('RequestedDocumentsChecklist', () => {
  test('an item is ticked when a file carries its tag; untagged files tick nothing', () => {
    render(
      <RequestedDocumentsChecklist
        title="Requested financial documents"
        items={ITEMS}
        documents={[{ tag: 'PREMISES_LEASE' }, { tag: 'PREMISES_LEASE' }, { tag: 'ORG_CHART' }, { tag: null }, {}]}
      />,
    );
    const region = screen.getByRole('region', { name: 'Requested financial documents' });
    const boxes = within(region).getAllByRole('checkbox');
    expect(boxes).toHaveLength(9);
    expect(within(region).getByRole('checkbox', { name: 'Premises lease' })).toBeChecked();
    expect(within(region).getByRole('checkbox', { name: 'Organization chart' })).toBeChecked();
    expect(boxes.filter((b) => (b as HTMLInputElement).checked)).toHaveLength(2);
    expect(within(region).getByRole('checkbox', { name: 'Pictures of equipment' })).not.toBeChecked();
    expect(within(region).getByRole('status')).toHaveTextContent('2 of 9 received');
    expect(screen.getByText('Premises lease').closest('li')).toHaveTextContent('2 files');
  });

  test('the ticks are read-only: clicking changes nothing', async () => {
    render(<RequestedDocumentsChecklist title="Requested documents" items={ITEMS} documents={[]} />);
    const box = screen.getByRole('checkbox', { name: 'Premises lease' });
    expect(box).toBeDisabled();
    await userEvent.click(box);
    expect(box).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('0 of 9 received');
  });
});

describe('DocumentList: tags', () => {
  const DOCS: ListedDocument[] = [
    { id: 'd1', fileName: 'lease.pdf', fileSize: 100, uploadedAt: null, tag: 'PREMISES_LEASE' },
    { id: 'd2', fileName: 'misc.pdf', fileSize: 100, uploadedAt: null, tag: null },
  ];

  test("a tagged file shows its tag's label; an untagged one none", () => {
    render(<DocumentList label="Docs" documents={DOCS} />);
    expect(screen.getByText('lease.pdf').closest('li')).toHaveTextContent('Document type: Premises lease');
    expect(screen.getByText('misc.pdf').closest('li')).not.toHaveTextContent('Document type');
  });

  test('with onTagChange each file has a labelled select; a change reports the tag, "Not specified" reports null', async () => {
    const onTagChange = jest.fn(async (_d: ListedDocument, _t: string | null) => undefined);
    render(<DocumentList label="Docs" documents={DOCS} tagOptions={ITEMS} onTagChange={onTagChange} />);
    const lease = screen.getByRole('combobox', { name: 'Document type of lease.pdf' });
    expect(lease).toHaveValue('PREMISES_LEASE');
    const misc = screen.getByRole('combobox', { name: 'Document type of misc.pdf' });
    expect(misc).toHaveValue('');
    await userEvent.selectOptions(misc, 'Organization chart');
    expect(onTagChange).toHaveBeenLastCalledWith(DOCS[1], 'ORG_CHART');
    await userEvent.selectOptions(lease, 'Not specified');
    expect(onTagChange).toHaveBeenLastCalledWith(DOCS[0], null);
  });
});
