import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, Loading, Select } from '@brokerage/ui';
import { DataTable, LoadError, formatDateTime } from '@brokerage/ui/portal';
import type { DownloadRecord } from '@brokerage/contracts/documents';
import { useStaffArea } from '../../../api';
import { listingQuery } from '../../listings';
import { listingActivityQuery } from '../api/documents';
import { EngagementSection, ListingAccessPanel } from './DataRoom';
import { DownloadedDocument, downloadViaColumn } from './DownloadedDocument';
import { DOCUMENT_TEXT } from './texts';
import { VerifyNdaPanel } from './VerifyNdaPanel';
import './documents.css';

const newestFirst = (a: DownloadRecord, b: DownloadRecord) => b.downloadedAt.localeCompare(a.downloadedAt);

/**
 * /{area}/listings/{listingId}/activity: the buyers' page-level engagement (issue 23 §3), their access to the
 * listing's documents (issue 23 §2), and who downloaded which document, newest first, by person.
 */
export function ActivityPage() {
  const area = useStaffArea();
  const navigate = useNavigate();
  const { listingId = '' } = useParams();
  const listing = useQuery(listingQuery(area, listingId));
  const [person, setPerson] = useState('');
  const everyone = useQuery(listingActivityQuery(area, listingId, ''));
  const shown = useQuery(listingActivityQuery(area, listingId, person));

  // The filter offers everyone who downloaded something from this listing.
  const people = useMemo(() => {
    const seen = new Map<string, string>();
    for (const d of everyone.data ?? []) if (!seen.has(d.user.id)) seen.set(d.user.id, `${d.user.name} (${d.user.role})`);
    return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [everyone.data]);
  const rows = useMemo(() => [...(shown.data ?? [])].sort(newestFirst), [shown.data]);
  const title = listing.data?.listing.title;

  return (
    <div className="bb-stack">
      <div className="staff-activity__top">
        <Button size="sm" variant="secondary" onClick={() => void navigate(-1)}>
          Back
        </Button>
        <Link className="bb-btn bb-btn--secondary bb-btn--sm" to={`/${area}/listings/${listingId}/questions`}>
          Questions<span className="bb-sr-only"> on {title ?? 'this listing'}</span>
        </Link>
      </div>
      <div>
        <h1>Activity</h1>
        {title && <p className="bb-muted staff-activity__sub">{title}</p>}
      </div>
      <EngagementSection area={area} listingId={listingId} />
      {listing.data && <ListingAccessPanel area={area} listingId={listingId} listingTitle={listing.data.listing.title} buyers={listing.data.listing.buyers} />}
      <VerifyNdaPanel area={area} listingId={listingId} />
      <section className="bb-stack staff-activity__downloads" aria-labelledby="staff-activity-downloads">
        <div>
          <h2 id="staff-activity-downloads" className="staff-activity__title">Downloads</h2>
          <p className="bb-muted staff-activity__sub">{`Document downloads and viewer openings of ${title ?? 'this listing'}, newest first.`}</p>
        </div>
        <Select
          className="staff-activity__filter"
          label="Filter by person"
          value={person}
          onChange={(e) => setPerson(e.target.value)}
          placeholder="Everyone"
          options={people}
        />
        {shown.isPending ? (
          <Loading label="Loading activity..." />
        ) : shown.isError ? (
          <LoadError message={DOCUMENT_TEXT.activityLoadFailed} onRetry={() => void shown.refetch()} />
        ) : (
          <DataTable
            caption={title ? `Downloads of ${title}` : 'Downloads'}
            captionHidden
            rows={rows}
            rowKey={(d) => d.id}
            empty={person ? 'No downloads by this person.' : 'No downloads yet.'}
            columns={[
              { header: 'Date', cell: (d) => formatDateTime(d.downloadedAt) },
              {
                header: 'Person',
                cell: (d) => (
                  <span className="staff-activity__who">
                    <span>{d.user.name}</span>
                    <span className="bb-muted">
                      {d.user.role} · {d.user.email}
                    </span>
                  </span>
                ),
              },
              {
                header: 'Document',
                cell: (d) => <DownloadedDocument record={d} />,
              },
              downloadViaColumn,
              { header: 'IP address', cell: (d) => d.ip ?? '—' },
            ]}
          />
        )}
      </section>
    </div>
  );
}
