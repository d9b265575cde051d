import type { ReactNode } from 'react';
import type { DocumentDto } from '@brokerage/contracts/documents';
import { Button, Card } from '@brokerage/ui';
import { DocumentList } from '../document-list.js';
import { FileUpload } from '../file-upload.js';
import { formatDateTime } from '../../format-date.js';

/** The screen's own words for the two sections (every text the widget shows, apart from the shared upload hints). */
export interface SignedAgreementTexts {
  /** Section 1's title while a document is provided, e.g. "1. Download the listing agreement". */
  downloadTitle: string;
  /** The download button, e.g. "Download Listing Agreement". */
  downloadButton: string;
  /** Section 2's title, e.g. "2. Upload the signed agreement". */
  uploadTitle: string;
  /** Accessible name and title of the drop zone, e.g. "Upload signed listing agreement". */
  uploadLabel: string;
  /** Accessible name of the list of signed copies, e.g. "Your signed copies". */
  listLabel: string;
  /** Shown when no signed copy is listed. */
  empty: string;
}

export interface SignedAgreementProps<D extends DocumentDto> {
  texts: SignedAgreementTexts;
  /** The document staff provided (the broker's over the agent's), null while there is none. */
  document: DocumentDto | null;
  /** Under the file name instead of "Provided by: {name} ({role}) · {date}" (e.g. who prepared it and the version). */
  documentMeta?: ReactNode;
  /** Section 1's body while nothing is provided (the screen's spec texts). */
  missing: ReactNode;
  /** Section 1's title while nothing is provided (default: `texts.downloadTitle`). */
  missingTitle?: string;
  /** The download of the provided document (the screen's call: saveDocument, a download route…). */
  onDownload: (doc: DocumentDto) => void;
  downloading?: boolean;
  /** Above the drop zone (e.g. the 48-hour notice, an Alert of the screen). */
  uploadNotice?: ReactNode;
  /** The screen's upload route for the signed copy; null while no listing is selected. */
  uploadPath: string | null;
  /** Text fields sent with the file (documentType, stepId…). */
  uploadFields?: Record<string, string>;
  /** Called with the server's answer once the signed copy is stored. */
  onUploaded: (answer: unknown) => void;
  /** Between the drop zone and the list (e.g. the agreement's status and signed date). */
  signedSummary?: ReactNode;
  /** Show `texts.listLabel` as a heading over the list too. */
  listHeading?: boolean;
  signedCopies: D[];
  /** Delete of one signed copy (after "Are you sure you want to delete this file?"); rejections are the caller's to report. */
  onDelete: (doc: D) => Promise<unknown> | void;
  /** File sizes as Bytes/KB/MB/GB ('units') or KB under 1 MB, else MB ('kb-mb'). */
  sizeStyle?: 'units' | 'kb-mb';
}

/** "Provided by: Morgan Broker (BROKER) · Nov 23, 2026 4:00 PM". */
export function providedByText(doc: DocumentDto): string {
  return `Provided by: ${doc.uploader.name} (${doc.uploader.role}) · ${formatDateTime(doc.uploadedAt)}`;
}

/**
 * The agreement screens' shape (seller listing and purchase agreement, buyer purchase contract): section 1 downloads the
 * document staff provided (or shows the screen's texts while there is none), section 2 uploads the signed copy
 * (.pdf .doc .docx, "up to 10MB") and lists the signed copies with view and delete. Every text and every call comes
 * from the screen.
 */
export function SignedAgreement<D extends DocumentDto>({
  texts,
  document: doc,
  documentMeta,
  missing,
  missingTitle,
  onDownload,
  downloading,
  uploadNotice,
  uploadPath,
  uploadFields,
  onUploaded,
  signedSummary,
  listHeading,
  signedCopies,
  onDelete,
  sizeStyle,
}: SignedAgreementProps<D>) {
  return (
    <>
      <Card title={doc ? texts.downloadTitle : (missingTitle ?? texts.downloadTitle)}>
        {doc ? (
          <div className="bb-stack">
            <p>
              <strong>{doc.fileName}</strong>
              <br />
              <span className="bb-muted">{documentMeta ?? providedByText(doc)}</span>
            </p>
            <div>
              <Button onClick={() => onDownload(doc)} loading={downloading}>
                {texts.downloadButton}
              </Button>
            </div>
          </div>
        ) : (
          missing
        )}
      </Card>
      <Card title={texts.uploadTitle}>
        <div className="bb-stack">
          {uploadNotice}
          <FileUpload
            label={texts.uploadLabel}
            purpose="AGREEMENT"
            path={uploadPath}
            fields={uploadFields}
            onUploaded={(_file, answer) => onUploaded(answer)}
          />
          {signedSummary}
          {listHeading && <h3>{texts.listLabel}</h3>}
          <DocumentList
            label={texts.listLabel}
            documents={signedCopies}
            empty={texts.empty}
            confirm="file"
            sizeStyle={sizeStyle}
            onDelete={onDelete}
          />
        </div>
      </Card>
    </>
  );
}
