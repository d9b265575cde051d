import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Card, Loading } from '@brokerage/ui';
import { DataTable, LoadError, formatDateTime } from '@brokerage/ui/portal';
import type { StaffArea } from '../../../api';
import { DownloadedDocument, downloadViaColumn, listingActivityQuery } from '../../documents';
import { PROGRESS_TEXT } from './texts';

/**
 * The download audit of this client on this listing (GET /{area}/listings/{listingId}/activity?userId=, newest
 * first): what they downloaded, when, from which address. The listing's whole audit is one link away.
 */
export function DownloadAuditPanel({ area, listingId, clientId }: { area: StaffArea; listingId: string; clientId: string }) {
  const activity = useQuery(listingActivityQuery(area, listingId, clientId));
  return (
    <Card title={PROGRESS_TEXT.auditTitle}>
      <div className="bb-stack">
        <p className="bb-muted staff-progress__note">
          Documents of this listing downloaded or opened in the viewer by this client, newest first.{' '}
          <Link to={`/${area}/listings/${listingId}/activity`}>All activity of this listing</Link>
        </p>
        {activity.isPending ? (
          <Loading label="Loading activity..." />
        ) : activity.isError ? (
          <LoadError message={PROGRESS_TEXT.auditLoadFailed} onRetry={() => void activity.refetch()} />
        ) : (
          <DataTable
            caption="Downloads by this client"
            captionHidden
            rows={activity.data}
            rowKey={(d) => d.id}
            empty={PROGRESS_TEXT.noDownloads}
            columns={[
              { header: 'Date', cell: (d) => formatDateTime(d.downloadedAt) },
              {
                header: 'Document',
                cell: (d) => <DownloadedDocument record={d} />,
              },
              downloadViaColumn,
              { header: 'IP address', cell: (d) => d.ip ?? '—' },
            ]}
          />
        )}
      </div>
    </Card>
  );
}
