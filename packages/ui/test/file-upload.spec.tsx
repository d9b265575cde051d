import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@brokerage/api-client';
import { FileUpload, type FileUploadProps } from '../src/components/file-upload';
import { FakeXhr, dropOf, fileOf, installFakeXhr } from './fake-xhr';

installFakeXhr();

const PDF = 'application/pdf';

function renderUpload(props: Partial<FileUploadProps> = {}) {
  const onUploaded = jest.fn();
  const onFailed = jest.fn();
  render(
    <FileUpload
      label="Upload listing documents"
      purpose="DOCUMENTS"
      path="/broker/listings/L1/documents"
      onUploaded={onUploaded}
      onFailed={onFailed}
      {...props}
    />,
  );
  const zone = screen.getByRole('group', { name: 'Upload listing documents' });
  return { zone, onUploaded, onFailed };
}

async function drop(zone: HTMLElement, files: File[]) {
  await act(async () => {
    fireEvent.drop(zone, dropOf(files));
  });
}

beforeEach(() => {
  useSession.getState().setSession({ user: { id: 'u1', name: 'Morgan Broker', email: 'b@example.com', role: 'BROKER' }, sessionToken: 'tok-1' });
});

describe('FileUpload', () => {
  test('shows the accepted types and the spec hint: documents "Select up to 100 files", agreements "up to 10MB"', () => {
    const { zone } = renderUpload();
    expect(zone).toHaveTextContent('Accepted: .pdf, .doc, .docx, .xls, .xlsx, .jpg, .jpeg, .png · Select up to 100 files');
    expect(within(zone).getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
  });

  test('agreements accept .pdf .doc .docx, one file, hint "up to 10MB"', () => {
    render(<FileUpload label="Upload signed agreement" purpose="AGREEMENT" path="/x" />);
    const zone = screen.getByRole('group', { name: 'Upload signed agreement' });
    expect(zone).toHaveTextContent('Accepted: .pdf, .doc, .docx · up to 10MB');
    expect(within(zone).getByRole('button', { name: 'Choose file' })).toBeInTheDocument();
  });

  test('dropping several files uploads each in its own request with the fields first and the session header', async () => {
    const { zone } = renderUpload({ fields: { documentType: 'UPLOADED_DOC', buyerId: undefined } });
    await drop(zone, [fileOf('a.pdf', PDF), fileOf('b.png', 'image/png')]);
    expect(FakeXhr.sent).toHaveLength(2);
    const [a, b] = FakeXhr.sent;
    expect(a.method).toBe('POST');
    expect(a.url).toBe('/api/broker/listings/L1/documents');
    expect(a.headers['x-session-token']).toBe('tok-1');
    // each upload is its own write: its own Idempotency-Key (issue 20)
    expect(a.headers['idempotency-key']).toMatch(/^[\x21-\x7e]{8,200}$/);
    expect(b.headers['idempotency-key']).not.toBe(a.headers['idempotency-key']);
    expect(a.withCredentials).toBe(true);
    expect([...a.body!.keys()]).toEqual(['documentType', 'file']);
    expect(a.body!.get('documentType')).toBe('UPLOADED_DOC');
    expect((a.body!.get('file') as File).name).toBe('a.pdf');
    expect((b.body!.get('file') as File).name).toBe('b.png');
    expect(screen.getByRole('progressbar', { name: 'Uploading a.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading b.png' })).toBeInTheDocument();
  });

  test('a progress bar per file follows the bytes sent; on success it reads Uploaded and reports the answer', async () => {
    const { zone, onUploaded } = renderUpload();
    await drop(zone, [fileOf('a.pdf', PDF), fileOf('b.pdf', PDF)]);
    const [a] = FakeXhr.sent;
    act(() => a.progress(512, 1024));
    expect(screen.getByRole('progressbar', { name: 'Uploading a.pdf' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('progressbar', { name: 'Uploading b.pdf' })).toHaveAttribute('aria-valuenow', '0');
    await act(async () => a.respond(201, { message: 'File uploaded successfully', document: { id: 'd1' } }));
    expect(screen.queryByRole('progressbar', { name: 'Uploading a.pdf' })).not.toBeInTheDocument();
    const row = screen.getByText('a.pdf').closest('li')!;
    expect(row).toHaveTextContent('Uploaded');
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ name: 'a.pdf' }), { message: 'File uploaded successfully', document: { id: 'd1' } });
  });

  test('Cancel aborts that file only; it is not reported as a failure', async () => {
    const { zone, onFailed, onUploaded } = renderUpload();
    await drop(zone, [fileOf('a.pdf', PDF), fileOf('b.pdf', PDF)]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload of b.pdf' }));
    expect(FakeXhr.sent[1].aborted).toBe(true);
    expect(FakeXhr.sent[0].aborted).toBe(false);
    expect(screen.getByText('b.pdf').closest('li')).toHaveTextContent('Upload canceled');
    expect(screen.getByRole('progressbar', { name: 'Uploading a.pdf' })).toBeInTheDocument();
    expect(onFailed).not.toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  test('a refused type names the file and the allowed types; nothing is sent', async () => {
    const { zone } = renderUpload({ purpose: 'AGREEMENT' });
    await drop(zone, [fileOf('setup.exe', 'application/x-msdownload')]);
    expect(screen.getByRole('alert')).toHaveTextContent('setup.exe: file type not allowed (allowed: .pdf, .doc, .docx)');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  test('checked when chosen: a 30 MB file, an empty one and a renamed type are refused at once, the good file alone goes up', async () => {
    const { zone, onFailed } = renderUpload();
    const big = fileOf('big-scan.pdf', PDF);
    Object.defineProperty(big, 'size', { value: 30 * 1024 * 1024 });
    const empty = new File([], 'empty.pdf', { type: PDF });
    const renamed = new File(['MZ'], 'tool.pdf.exe', { type: PDF }); // a PDF's type, an .exe's name
    await drop(zone, [big, empty, renamed, fileOf('fine.pdf', PDF)]);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('big-scan.pdf: file is larger than 25 MB');
    expect(alert).toHaveTextContent('empty.pdf: file is empty');
    expect(alert).toHaveTextContent('tool.pdf.exe: file type not allowed');
    expect(FakeXhr.sent).toHaveLength(1);
    expect((FakeXhr.sent[0]!.body!.get('file') as File).name).toBe('fine.pdf');
    expect(onFailed).not.toHaveBeenCalled();
  });

  test('a 200-character name is one truncated line with the whole name as its title and text', async () => {
    const { zone } = renderUpload();
    const name = `${'quarterly-financial-statement-'.repeat(7).slice(0, 196)}.pdf`;
    await drop(zone, [fileOf(name, PDF)]);
    const shown = within(screen.getByRole('list', { name: 'Uploads' })).getByText(name);
    expect(shown).toHaveClass('bb-filename');
    expect(shown).toHaveAttribute('title', name);
  });

  test('the server\'s refusal shows "Upload failed: {server message}"; no message → "Upload failed. Please try again."', async () => {
    const { zone, onFailed } = renderUpload();
    await drop(zone, [fileOf('a.pdf', PDF), fileOf('b.pdf', PDF)]);
    await act(async () => FakeXhr.sent[0].respond(400, { message: "a.pdf: the file's content does not match its extension" }));
    await act(async () => FakeXhr.sent[1].respond(502, '<html>Bad gateway</html>'));
    expect(screen.getByText('a.pdf').closest('li')).toHaveTextContent("Upload failed: a.pdf: the file's content does not match its extension");
    expect(screen.getByText('b.pdf').closest('li')).toHaveTextContent('Upload failed. Please try again.');
    expect(onFailed).toHaveBeenCalledTimes(2);
    expect(onFailed).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'b.pdf' }), 'Upload failed. Please try again.');
  });

  test('a network failure reads "Upload failed. Please try again."', async () => {
    const { zone } = renderUpload();
    await drop(zone, [fileOf('a.pdf', PDF)]);
    await act(async () => FakeXhr.sent[0].fail());
    expect(screen.getByRole('alert')).toHaveTextContent('Upload failed. Please try again.');
  });

  test('without a listing: "Please select a listing first" and nothing is sent', async () => {
    const { zone } = renderUpload({ path: null });
    await drop(zone, [fileOf('a.pdf', PDF)]);
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a listing first');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  test('a blocking reason (no document type chosen) is shown instead of uploading', async () => {
    const { zone } = renderUpload({ blockedReason: 'Please select a document type.' });
    await drop(zone, [fileOf('a.pdf', PDF)]);
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a document type.');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  test('the session token never goes to another origin', async () => {
    const { zone } = renderUpload({ path: 'https://elsewhere.example/upload' });
    await drop(zone, [fileOf('a.pdf', PDF)]);
    expect(FakeXhr.sent[0].url).toBe('https://elsewhere.example/upload');
    expect(FakeXhr.sent[0].headers['x-session-token']).toBeUndefined();
    expect(FakeXhr.sent[0].withCredentials).toBe(false);
  });

  test('a 401 clears the stored session', async () => {
    const { zone } = renderUpload();
    await drop(zone, [fileOf('a.pdf', PDF)]);
    await act(async () => FakeXhr.sent[0].respond(401, { message: 'Authentication required' }));
    expect(useSession.getState().sessionToken).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Upload failed: Authentication required');
  });
});
