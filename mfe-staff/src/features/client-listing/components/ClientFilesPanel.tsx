import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Loading } from '@brokerage/ui';
import { DocumentList, LoadError } from '@brokerage/ui/portal';
import type { DocumentDto } from '@brokerage/contracts/documents';
import type { ClientKind } from '../api/progress';
import { PROGRESS_TEXT } from './texts';

/**
 * The client's own uploads on the listing (seller: GET …/seller-documents; buyer: their uploads and the files made for
 * them, from GET …/buyers/{buyerId}/listings/{listingId}/documents), with a Refresh button (spec part 3 §2).
 */
export function ClientFilesPanel({ kind, files, keep }: {
  kind: ClientKind;
  files: UseQueryResult<DocumentDto[]>;
  /** Which of the answer's documents are the client's (the buyer's answer also holds the staff's files for them). */
  keep?: (d: DocumentDto) => boolean;
}) {
  const title = PROGRESS_TEXT.filesTitle(kind);
  return (
    <Card title={title} className="staff-progress__panel">
      <div className="staff-progress__tools">
        <Button size="sm" variant="secondary" loading={files.isFetching} onClick={() => void files.refetch()}>
          Refresh
        </Button>
      </div>
      {files.isPending ? (
        <Loading label="Loading files..." />
      ) : files.isError ? (
        <LoadError message={PROGRESS_TEXT.filesLoadFailed} onRetry={() => void files.refetch()} />
      ) : (
        <div className="staff-progress__scroll">
          <DocumentList label={title} documents={keep ? files.data.filter(keep) : files.data} showDetails empty={PROGRESS_TEXT.noClientFiles(kind)} />
        </div>
      )}
    </Card>
  );
}
