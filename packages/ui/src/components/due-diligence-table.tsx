import { useEffect, useId, useRef, useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, serverMessage } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import { ALLOWED_EXTENSIONS, DOCUMENT_MSG } from '@brokerage/contracts/documents';
import { refusalOfChosenFile } from '@brokerage/contracts/file-kinds';
import {
  DUE_DILIGENCE_DOCUMENT_NAMES,
  DUE_DILIGENCE_DOCUMENT_TYPE,
  DUE_DILIGENCE_MESSAGE_MS,
  DUE_DILIGENCE_MSG,
  DUE_DILIGENCE_STEP_ID,
  type DueDiligenceStatus,
} from '@brokerage/contracts/due-diligence';
import { Badge, Button, Dialog, Loading, formatFileSize } from '@brokerage/ui';
import { DataTable, StatCard, StatGrid, type DataColumn } from './data-widgets.js';
import { saveDocument } from './document-download.js';
import { DocumentList, viewableInViewer } from './document-list.js';
import { DocumentViewer } from './document-viewer.js';
import { LoadError } from './page-kit.js';
import { uploadFile } from './upload-request.js';
import { formatDateTime } from '../format-date.js';
import { FileName } from './file-name.js';
import { dueDiligenceKeys } from './query-keys.js';

/** Due Diligence is step id 7 (step 8 of 11) in the buyer's journey; requests, uploads and downloads carry it. */
export const DUE_DILIGENCE_STEP = DUE_DILIGENCE_STEP_ID;
/** The 16 fixed document names (contracts), re-exported for the screens. */
export { DUE_DILIGENCE_DOCUMENT_NAMES, DUE_DILIGENCE_MESSAGE_MS };

/** The spec's texts (part 2 §2, §8; part 3 §5, §8), from contracts' DUE_DILIGENCE_MSG. */
export const DUE_DILIGENCE_TEXT = {
  requestFailed: DUE_DILIGENCE_MSG.updateFailed,
  requested: DUE_DILIGENCE_MSG.requested,
  requestRemoved: DUE_DILIGENCE_MSG.requestRemoved,
  uploaded: DUE_DILIGENCE_MSG.uploaded,
  uploadFailed: (message?: string) => (message ? DUE_DILIGENCE_MSG.uploadFailedWith(message) : DUE_DILIGENCE_MSG.uploadFailed),
  noUrl: DUE_DILIGENCE_MSG.urlNotAvailable,
  downloaded: DUE_DILIGENCE_MSG.downloaded,
  downloadFailed: DUE_DILIGENCE_MSG.downloadFailed,
  uploadDisabled: 'Upload (Disabled)',
  staffOnly: DUE_DILIGENCE_MSG.onlyStaffUpload,
} as const;

export type { DueDiligenceStatus };

/*
 * What the table reads of contracts' DueDiligenceView (`requests`, `documents`; the server's `items` and `counts` are
 * the same rule, computed here from the two lists so the table needs nothing more).
 */
/** One request of the buyer (spec: documentName). */
export interface DueDiligenceRequestItem {
  documentName: string;
}
/** One file staff supplied (spec part 3 §3). */
export interface DueDiligenceFile {
  id: string;
  documentName: string;
  fileName: string;
  url?: string | null;
  uploadedAt?: string | null;
  uploadedBy?: string | null;
  uploaderName?: string | null;
  fileSize?: number | null;
  /** Issue 23 §2: false for a buyer's view-only file (no Download; the viewer only). */
  canDownload?: boolean;
}
/** GET /buyer/listings/{id}/due-diligence and /broker|agent/buyers/{buyerId}/listings/{id}/due-diligence. */
export interface DueDiligenceData {
  requests: DueDiligenceRequestItem[];
  documents: DueDiligenceFile[];
  /** Staff view only: the seller's due-diligence files, for staff to pass on (never shown to buyers). */
  sellerDocuments?: Array<Omit<DueDiligenceFile, 'documentName'> & { documentName: string | null }>;
}

export interface DueDiligenceRow {
  documentName: string;
  requested: boolean;
  /** The newest file for the name, if any. */
  file: DueDiligenceFile | null;
  status: DueDiligenceStatus;
}

/**
 * The table's rows: the 16 fixed names, then any other name the server knows (a request or file under another name).
 * Status: Available when requested and a file is present, Requested when requested without a file, otherwise Not
 * requested (a file may be uploaded before it is requested: it is listed and downloadable, the status stays).
 */
export function dueDiligenceRows(data: DueDiligenceData | undefined): DueDiligenceRow[] {
  const requested = new Set((data?.requests ?? []).map((r) => r.documentName));
  const newest = new Map<string, DueDiligenceFile>();
  for (const d of data?.documents ?? []) {
    const seen = newest.get(d.documentName);
    if (!seen || new Date(d.uploadedAt ?? 0).getTime() > new Date(seen.uploadedAt ?? 0).getTime()) newest.set(d.documentName, d);
  }
  const names: string[] = [...DUE_DILIGENCE_DOCUMENT_NAMES];
  for (const n of [...requested, ...newest.keys()]) if (!names.includes(n)) names.push(n);
  return names.map((documentName) => {
    const isRequested = requested.has(documentName);
    const file = newest.get(documentName) ?? null;
    const status: DueDiligenceStatus = isRequested ? (file ? 'Available' : 'Requested') : 'Not requested';
    return { documentName, requested: isRequested, file, status };
  });
}

/** Counts shown above the table: Requested, Available (requested with a file), Pending (requested without one). */
export function dueDiligenceCounts(rows: readonly DueDiligenceRow[]) {
  const requested = rows.filter((r) => r.requested).length;
  const available = rows.filter((r) => r.status === 'Available').length;
  return { requested, available, pending: requested - available };
}

type Mode = 'buyer' | 'broker' | 'agent';
function modeOf(role: string): Mode {
  const r = role.toLowerCase();
  return r === 'broker' || r === 'agent' ? r : 'buyer';
}

export { dueDiligenceKeys };

/** The read of the table: the buyer's own, or staff's view of one buyer. */
export function dueDiligencePath(listingId: string, role: string, buyerId?: string): string {
  const mode = modeOf(role);
  return mode === 'buyer'
    ? apiPath('GET', '/buyer/listings/:listingId/due-diligence', { listingId })
    : apiPath('GET', `/${mode}/buyers/:buyerId/listings/:listingId/due-diligence`, { buyerId: buyerId ?? '', listingId });
}

/** The table's read: the buyer's own (`role` buyer) or staff's view of one buyer. */
export const dueDiligenceQuery = (listingId: string, role: string, buyerId?: string) => {
  const mode = modeOf(role);
  return queryOptions({
    queryKey: dueDiligenceKeys.table(listingId, mode, mode !== 'buyer' ? buyerId : undefined),
    queryFn: () => apiFetch<DueDiligenceData>(dueDiligencePath(listingId, role, buyerId)),
  });
};

export interface DueDiligenceTableProps {
  listingId: string;
  /** BUYER: request by checkbox, download what is there, "Upload (Disabled)". BROKER / AGENT: upload per row. Any case. */
  role: string;
  /** Broker/agent mode: the buyer whose due diligence is shown (required there). */
  buyerId?: string;
  /** Called after a change the journey may count (a request, an upload, a recorded download). */
  onChanged?: () => void;
  /** Heading of the table (default "Due Diligence Documents"). */
  title?: string;
}

type Tone = 'success' | 'error';
/** A message that disappears after DUE_DILIGENCE_MESSAGE_MS (a newer one replaces it and restarts the clock). */
function useFlash() {
  const [flash, setFlash] = useState<{ text: string; tone: Tone; n: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = (text: string, tone: Tone) => {
    clearTimeout(timer.current);
    setFlash((f) => ({ text, tone, n: (f?.n ?? 0) + 1 }));
    timer.current = setTimeout(() => setFlash(null), DUE_DILIGENCE_MESSAGE_MS);
  };
  return [flash, show] as const;
}


/**
 * The shared due-diligence table (spec part 2 §2 buyer step 8, part 3 §2 "Due diligence table"): columns Document
 * Name, Status, File Info, Actions; counts Requested, Available, Pending; the spec's messages for 3 seconds.
 * - Buyer mode: a checkbox per document requests it (or removes the request); a file present can be downloaded (the
 *   file's route records the download); the upload control reads "Upload (Disabled)": only brokers and agents upload.
 * - Broker/agent mode (a buyer's progress view): an Upload button per row sends one file for that document name to
 *   that buyer (documentType DUE_DILIGENCE, stepId 7); files can be downloaded.
 */
export function DueDiligenceTable({ listingId, role, buyerId, onChanged, title = 'Due Diligence Documents' }: DueDiligenceTableProps) {
  const mode = modeOf(role);
  const staff = mode !== 'buyer';
  const key = dueDiligenceKeys.table(listingId, mode, staff ? buyerId : undefined);
  const client = useQueryClient();
  const headingId = useId();
  const noteId = useId();
  const [flash, showFlash] = useFlash();
  const q = useQuery(dueDiligenceQuery(listingId, role, buyerId));
  const reload = () => client.invalidateQueries({ queryKey: key });

  // Buyer: the checkbox shows the wanted state while its request is on the way.
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const request = useMutation({
    mutationFn: (v: { documentName: string; requested: boolean }) =>
      apiFetch<unknown>(apiPath('POST', '/buyer/listings/:id/due-diligence/request', { id: listingId }), { method: 'POST', json: v }),
    onMutate: (v) => setPending((p) => ({ ...p, [v.documentName]: v.requested })),
    onSuccess: (_a, v) => {
      showFlash(v.requested ? DUE_DILIGENCE_TEXT.requested : DUE_DILIGENCE_TEXT.requestRemoved, 'success');
      onChanged?.();
    },
    onError: () => showFlash(DUE_DILIGENCE_TEXT.requestFailed, 'error'),
    onSettled: async (_a, _e, v) => {
      await reload();
      setPending(({ [v.documentName]: _gone, ...rest }) => rest);
    },
  });

  const [downloading, setDownloading] = useState<string | null>(null);
  // issue 23 §1: a PDF / Word file opens in the in-portal viewer (a dialog of watermarked page images)
  const [viewing, setViewing] = useState<DueDiligenceFile | null>(null);
  const download = async (file: DueDiligenceFile) => {
    if (!file.url) return showFlash(DUE_DILIGENCE_TEXT.noUrl, 'error');
    setDownloading(file.id);
    try {
      // The file's own route records the download in the audit; POST …/due-diligence/download (which records too) is
      // for callers that fetch the file elsewhere, so calling both would count one download twice.
      await saveDocument(file.url, file.fileName);
      showFlash(DUE_DILIGENCE_TEXT.downloaded, 'success');
      if (!staff) onChanged?.();
    } catch {
      showFlash(DUE_DILIGENCE_TEXT.downloadFailed, 'error');
    } finally {
      setDownloading(null);
    }
  };

  const [uploading, setUploading] = useState<Record<string, number>>({});
  const upload = async (documentName: string, file: File) => {
    if (mode === 'buyer') return; // staff only: a buyer's row shows "Upload (Disabled)"
    // kind, emptiness and size checked as the file is chosen: a refused file is never sent
    const refused = refusalOfChosenFile(file, ALLOWED_EXTENSIONS.DOCUMENTS, DOCUMENT_MSG);
    if (refused) return showFlash(DUE_DILIGENCE_TEXT.uploadFailed(refused), 'error');
    setUploading((u) => ({ ...u, [documentName]: 0 }));
    try {
      await uploadFile({
        path: apiPath('POST', `/${mode}/listings/:listingId/due-diligence/upload`, { listingId }),
        fields: { documentName, documentType: DUE_DILIGENCE_DOCUMENT_TYPE, stepId: String(DUE_DILIGENCE_STEP), buyerId },
        file,
        onProgress: (p) => setUploading((u) => (documentName in u ? { ...u, [documentName]: p } : u)),
      });
      showFlash(DUE_DILIGENCE_TEXT.uploaded, 'success');
      await reload();
      onChanged?.();
    } catch (err) {
      showFlash(DUE_DILIGENCE_TEXT.uploadFailed(serverMessage(err)), 'error');
    } finally {
      setUploading(({ [documentName]: _done, ...rest }) => rest);
    }
  };

  const rows = dueDiligenceRows(q.data);
  const counts = dueDiligenceCounts(rows);

  const columns: DataColumn<DueDiligenceRow>[] = [
    {
      header: 'Document Name',
      cell: (r) =>
        staff ? (
          <span className="bb-dd__name">{r.documentName}</span>
        ) : (
          <label className="bb-check bb-dd__name">
            <input
              type="checkbox"
              checked={pending[r.documentName] ?? r.requested}
              disabled={r.documentName in pending}
              onChange={(e) => request.mutate({ documentName: r.documentName, requested: e.target.checked })}
            />
            <span>
              <span className="bb-sr-only">Request </span>
              {r.documentName}
            </span>
          </label>
        ),
    },
    {
      header: 'Status',
      cell: (r) => (
        <Badge tone={r.status === 'Available' ? 'success' : r.status === 'Requested' ? 'warning' : 'neutral'} data-status={r.status}>
          {r.status}
        </Badge>
      ),
    },
    {
      header: 'File Info',
      cell: (r) =>
        r.file ? (
          <span className="bb-dd__file">
            <FileName name={r.file.fileName} className="bb-doclist__name" />
            <br />
            <span className="bb-muted">
              {formatFileSize(r.file.fileSize)} · {formatDateTime(r.file.uploadedAt) || 'Invalid Date'}
              {r.file.uploaderName ? ` · ${r.file.uploaderName}` : ''}
            </span>
          </span>
        ) : (
          <span className="bb-muted">No file</span>
        ),
    },
    {
      header: 'Actions',
      cell: (r) => (
        <span className="bb-table__actions">
          {staff ? (
            <RowUpload
              documentName={r.documentName}
              progress={uploading[r.documentName]}
              disabled={!buyerId}
              onFile={(f) => void upload(r.documentName, f)}
            />
          ) : (
            <Button size="sm" variant="secondary" disabled aria-describedby={noteId} title={DUE_DILIGENCE_TEXT.staffOnly}>
              {DUE_DILIGENCE_TEXT.uploadDisabled}
            </Button>
          )}
          {r.file && viewableInViewer(r.file) && (
            <Button size="sm" variant="secondary" onClick={() => setViewing(r.file)} aria-label={`View ${r.file.fileName}`}>
              View
            </Button>
          )}
          {r.file && r.file.canDownload !== false && (
            <Button size="sm" variant="secondary" loading={downloading === r.file.id} onClick={() => void download(r.file!)}>
              Download<span className="bb-sr-only"> {r.file.fileName}</span>
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <section className="bb-card bb-dd" aria-labelledby={headingId}>
      <Dialog open={!!viewing} onClose={() => setViewing(null)} title={viewing?.fileName ?? ''} size="lg" closeButton>
        {viewing && <DocumentViewer area={mode} documentId={viewing.id} fileName={viewing.fileName} />}
      </Dialog>
      <h2 id={headingId} className="bb-card__title">
        {title}
      </h2>
      <div className="bb-stack">
        <StatGrid label="Due diligence counts">
          <StatCard label="Requested" value={counts.requested} />
          <StatCard label="Available" value={counts.available} />
          <StatCard label="Pending" value={counts.pending} />
        </StatGrid>
        <p className="bb-muted" id={noteId}>
          {staff
            ? 'Upload a file for any document; the buyer sees it at once. Accepted: ' + ALLOWED_EXTENSIONS.DOCUMENTS.join(', ')
            : `Tick a document to request it from your broker or agent. ${DUE_DILIGENCE_TEXT.staffOnly}.`}
        </p>
        <div className="bb-dd__message" role="status" aria-live="polite">
          {flash && (
            <div key={flash.n} className={`bb-alert bb-alert--${flash.tone}`} data-tone={flash.tone}>
              {flash.text}
            </div>
          )}
        </div>
        {q.isPending ? (
          <Loading label="Loading due diligence documents..." />
        ) : q.isError ? (
          <LoadError message="Failed to load data" onRetry={() => void q.refetch()} error={q.error} />
        ) : (
          <DataTable caption="Due diligence documents" captionHidden columns={columns} rows={rows} rowKey={(r) => r.documentName} />
        )}
        {staff && q.data?.sellerDocuments && q.data.sellerDocuments.length > 0 && (
          <div>
            <h3 className="bb-dd__subtitle">Files from the seller</h3>
            <p className="bb-muted">The seller's due-diligence files; the buyer does not see them until you upload them above.</p>
            <DocumentList
              label="Files from the seller"
              viewer={mode}
              documents={q.data.sellerDocuments.map((d) => ({ ...d, fileName: d.documentName ? `${d.fileName} (${d.documentName})` : d.fileName }))}
            />
          </div>
        )}
      </div>
    </section>
  );
}

/** Broker/agent: one file for one document name (a real button opens the picker; the input itself stays hidden). */
function RowUpload({ documentName, progress, disabled, onFile }: {
  documentName: string;
  progress: number | undefined;
  disabled?: boolean;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const busy = progress !== undefined;
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={ALLOWED_EXTENSIONS.DOCUMENTS.join(',')}
        aria-label={`File for ${documentName}`}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) onFile(f);
        }}
      />
      <Button size="sm" variant="primary" loading={busy} disabled={disabled} onClick={() => input.current?.click()}>
        {busy ? `Uploading ${Math.round(progress)}%` : 'Upload'}
        <span className="bb-sr-only"> {documentName}</span>
      </Button>
    </>
  );
}
