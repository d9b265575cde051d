import { useQuery } from '@tanstack/react-query';
import { MY_ENGAGEMENT_TEXT as TEXT } from '@brokerage/contracts/engagement';
import { Loading } from '@brokerage/ui';
import { EngagementPanel, LoadError } from '@brokerage/ui/portal';
import { myEngagementQuery } from '../api';
import './document-activity.css';

/**
 * The buyer home's "Your document activity" (issue 23 §3, transparency): what the viewer recorded about the caller,
 * per listing (named by `listings`, the home's: the buyer's own and the open ones): documents opened, first and last
 * view, total time, and each document's time per page; then who sees it.
 */
export function DocumentActivity({ listings }: { listings: ReadonlyArray<{ id: string; title: string }> }) {
  const q = useQuery(myEngagementQuery());
  const titleOf = new Map(listings.map((l) => [l.id, l.title]));
  return (
    <div className="bb-card" id="document-activity" data-testid="document-activity">
      {q.isSuccess ? (
        <EngagementPanel
          title={TEXT.title}
          emptyText={TEXT.empty}
          buyers={q.data.listings.map(({ listingId, ...rest }) => ({ buyer: { id: listingId, name: titleOf.get(listingId) ?? TEXT.otherListing }, ...rest }))}
        />
      ) : (
        <section className="bb-engagement" aria-label={TEXT.title}>
          <h2 className="bb-engagement__title">{TEXT.title}</h2>
          {q.isPending ? <Loading label={TEXT.loading} /> : <LoadError message={TEXT.failed} onRetry={() => void q.refetch()} />}
        </section>
      )}
      <p className="bb-muted bb-doc-activity__about">{TEXT.about}</p>
    </div>
  );
}
