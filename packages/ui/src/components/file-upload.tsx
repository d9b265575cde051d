import { useEffect, useId, useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { ALLOWED_EXTENSIONS, DOCUMENT_MSG, type UploadPurpose } from '@brokerage/contracts/documents';
import { pickerAcceptOf, refusalOfChosenFile } from '@brokerage/contracts/file-kinds';
import { Alert, Button, ProgressBar, Select, cx, formatFileSize } from '@brokerage/ui';
import { UPLOAD_CANCELED, UPLOAD_TEXT, uploadFailedText, uploadFile } from './upload-request.js';
import { FileName } from './file-name.js';
import '../styles/documents.css';

type Status = 'uploading' | 'done' | 'failed' | 'canceled';
interface Item {
  key: string;
  file: File;
  status: Status;
  progress: number;
  message?: string;
}

/** One choice of the "what is this file" select: `value` is sent as the upload's `tag` field. */
export interface FileTagOption {
  value: string;
  label: string;
}

/** The select's first choice: no tag (the file ticks nothing). */
export const FILE_TAG_NONE = 'Not specified';
/** The select's default label (the upload's and each listed file's). */
export const FILE_TAG_LABEL = 'Document type';

export interface FileUploadProps<T = unknown> {
  /** Accessible name and visible title of the drop zone, e.g. "Upload listing documents". */
  label: string;
  /** AGREEMENT (.pdf .doc .docx, one file, "up to 10MB") or DOCUMENTS (eight types, several files, "Select up to 100 files"). */
  purpose: UploadPurpose;
  /** Upload route for each file (an API path); null while no listing is selected ("Please select a listing first"). */
  path: string | null;
  /** Text fields sent with each file (documentType, buyerId…). */
  fields?: Record<string, string | undefined>;
  /** Form field name of the file (default `file`). */
  fileField?: string;
  /** Several files at once (default: only for DOCUMENTS). */
  multiple?: boolean;
  /** A reason not to upload now (e.g. "Please select a document type."), checked when files are chosen. */
  blockedReason?: string | null;
  disabled?: boolean;
  /** Called once per stored file with the server's answer. */
  onUploaded?: (file: File, answer: T) => void;
  /** Called once per failed file with the text shown ("Upload failed: …"). */
  onFailed?: (file: File, message: string) => void;
  /**
   * Optional "what is this file" select above the drop zone (e.g. the step's requested documents). The choice at the
   * moment files are chosen goes with each of them as the `tag` field (before the file, as every field).
   */
  tagOptions?: readonly FileTagOption[];
  /** Label of that select (default "Document type"). */
  tagLabel?: string;
  /** Narrower accepted extensions than the purpose's (e.g. ['.pdf']), checked when files are chosen. */
  extensions?: readonly string[];
  /** The hint after the accepted types (default: the purpose's, "up to 10MB" / "Select up to 100 files"). */
  hint?: string;
  /** What a file's row says once the server answered (default "Uploaded"; e.g. "Checked" where nothing is stored). */
  doneText?: string;
}

let seq = 0;

/**
 * Drag-and-drop (or click) upload of one or several files: accepted types and the spec's hint shown, a progress bar
 * and a Cancel button per file while it uploads, and the result per file. Each file goes in its own request, so one
 * refused or canceled file never loses the others.
 */
export function FileUpload<T = unknown>({
  label,
  purpose,
  path,
  fields,
  fileField,
  multiple = purpose === 'DOCUMENTS',
  blockedReason,
  disabled,
  onUploaded,
  onFailed,
  tagOptions,
  tagLabel = FILE_TAG_LABEL,
  extensions: only,
  hint: hintText,
  doneText = 'Uploaded',
}: FileUploadProps<T>) {
  const extensions = only ?? ALLOWED_EXTENSIONS[purpose];
  const hintId = useId();
  const titleId = useId();
  const [items, setItems] = useState<Item[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [tag, setTag] = useState('');
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const map = controllers.current;
    return () => map.forEach((c) => c.abort());
  }, []);

  const patch = (key: string, p: Partial<Item>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...p } : i)));

  const start = (file: File, sent: Record<string, string | undefined> | undefined) => {
    const key = `f${++seq}`;
    const ctrl = new AbortController();
    controllers.current.set(key, ctrl);
    setItems((all) => [...all, { key, file, status: 'uploading', progress: 0 }]);
    uploadFile<T>({ path: path!, fields: sent, file, fileField, signal: ctrl.signal, onProgress: (progress) => patch(key, { progress }) })
      .then((answer) => {
        patch(key, { status: 'done', progress: 100 });
        onUploaded?.(file, answer);
      })
      .catch((err: unknown) => {
        if (ctrl.signal.aborted) return patch(key, { status: 'canceled', message: UPLOAD_CANCELED });
        const message = uploadFailedText(err);
        patch(key, { status: 'failed', message });
        onFailed?.(file, message);
      })
      .finally(() => controllers.current.delete(key));
  };

  const onDrop = (accepted: File[], rejected: FileRejection[]) => {
    if (!path) return setNotice(UPLOAD_TEXT.noListing);
    if (blockedReason) return setNotice(blockedReason);
    // kind, emptiness and size are checked now, when the file is chosen: a refused file is never sent
    const refused = rejected.map((r) =>
      r.errors.some((e) => e.code === 'too-many-files')
        ? `${r.file.name}: only one file at a time`
        : (refusalOfChosenFile(r.file, extensions, DOCUMENT_MSG) ?? DOCUMENT_MSG.badExtension(r.file.name, extensions)),
    );
    const fine = accepted.filter((file) => {
      const why = refusalOfChosenFile(file, extensions, DOCUMENT_MSG);
      if (why) refused.push(why);
      return !why;
    });
    setNotice(refused.length > 0 ? refused.join('\n') : null);
    const sent = tagOptions && tag ? { ...fields, tag } : fields;
    fine.forEach((file) => start(file, sent));
  };

  // The zone takes drops; a real button opens the picker (a clickable div around an input is nested-interactive).
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop,
    accept: pickerAcceptOf(extensions),
    multiple,
    disabled,
    noClick: true,
    noKeyboard: true,
    useFsAccessApi: false,
  });

  const hint = hintText ?? (purpose === 'AGREEMENT' ? UPLOAD_TEXT.agreementHint : UPLOAD_TEXT.documentsHint);
  return (
    <div className="bb-upload">
      {tagOptions && tagOptions.length > 0 && (
        <Select
          label={tagLabel}
          className="bb-upload__tag"
          value={tag}
          disabled={disabled}
          onChange={(e) => setTag(e.target.value)}
          placeholder={FILE_TAG_NONE}
          options={[...tagOptions]}
        />
      )}
      <div
        {...getRootProps({
          className: cx('bb-upload__zone', isDragActive && 'bb-upload__zone--active', disabled && 'bb-upload__zone--disabled'),
          role: 'group',
          'aria-labelledby': titleId,
          'aria-describedby': hintId,
        })}
      >
        <input {...getInputProps({ style: { display: 'none' }, 'aria-hidden': true })} />
        <p className="bb-upload__title" id={titleId}>
          {label}
        </p>
        <p className="bb-upload__hint" id={hintId}>
          {isDragActive ? 'Drop the files here' : multiple ? 'Drag and drop files here, or choose them' : 'Drag and drop a file here, or choose it'}
          <br />
          Accepted: {extensions.join(', ')} · {hint}
        </p>
        <Button size="sm" variant="secondary" onClick={open} disabled={disabled}>
          {multiple ? 'Choose files' : 'Choose file'}
        </Button>
      </div>
      {notice && (
        <Alert tone="error" className="bb-upload__notice">
          {notice}
        </Alert>
      )}
      {items.length > 0 && (
        <ul className="bb-upload__files" aria-label="Uploads">
          {items.map((i) => (
            <li key={i.key} className={cx('bb-upload__file', `bb-upload__file--${i.status}`)}>
              <div className="bb-upload__file-head">
                <FileName name={i.file.name} className="bb-upload__name" />
                <span className="bb-muted">{formatFileSize(i.file.size)}</span>
                {i.status === 'uploading' ? (
                  <Button size="sm" variant="ghost" onClick={() => controllers.current.get(i.key)?.abort()}>
                    Cancel<span className="bb-sr-only"> upload of {i.file.name}</span>
                  </Button>
                ) : (
                  <span className={cx('bb-upload__state', i.status === 'failed' && 'bb-upload__state--error')} role={i.status === 'failed' ? 'alert' : 'status'}>
                    {i.status === 'done' ? doneText : i.message}
                  </span>
                )}
              </div>
              {i.status === 'uploading' && <ProgressBar value={i.progress} label={`Uploading ${i.file.name}`} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
