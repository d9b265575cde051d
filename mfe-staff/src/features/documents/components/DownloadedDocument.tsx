import { documentTypeLabel } from '@brokerage/ui/portal';
import type { DownloadRecord } from '@brokerage/contracts/documents';

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
