import { documentTypeLabel } from '@brokerage/ui/portal';
import type { DownloadRecord } from '@brokerage/contracts/documents';
import type { DataColumn } from '@brokerage/ui/portal';
import { DOCUMENT_TEXT } from './texts';

/** A download audit row's document: its name over its type (and whether the copy was watermarked). */
export function DownloadedDocument({ record }: { record: DownloadRecord }) {
  return (
    <span className="staff-activity__who">
      <span>{record.fileName}</span>
      <span className="bb-muted">
        {documentTypeLabel(record.documentType)}
        {record.watermarked ? ' · watermarked copy' : ''}
      </span>
    </span>
  );
}

/** The audit table's Action column: "Downloaded" (the file) or "Opened in viewer" (page images only). */
export const downloadViaColumn: DataColumn<DownloadRecord> = { header: 'Action', cell: (d) => DOCUMENT_TEXT.via[d.via] };
