import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Loading, toast } from '@brokerage/ui';
import { LoadError, useKeptDraft } from '@brokerage/ui/portal';
import { DRAFT_TEXT, draftKeys } from '@brokerage/contracts/drafts';
import { LISTING_TEXT, type Listing } from '@brokerage/contracts/listings';
import { useListingArchive, listingsQuery, peopleByRoleQuery, LISTINGS_PAGE_SIZE } from '../api/listings';
import { ListingForm } from './ListingForm';
import { ListingsTable } from './ListingsTable';
import { LISTINGS_TEXT } from './texts';

type FormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; listing: Listing };

/** /broker/listings — Listings Overview (spec part 3 §2). */
export function ListingsPage() {
  const listings = useQuery(listingsQuery('broker'));
  const sellers = useQuery(peopleByRoleQuery('SELLER'));
  const buyers = useQuery(peopleByRoleQuery('BUYER'));
  const agents = useQuery(peopleByRoleQuery('AGENT'));
  const archive = useListingArchive();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [showArchived, setShowArchived] = useState(false);
  const [waitNotice, setWaitNotice] = useState(false);
  // an Add Listing left unfinished (a reload, another page) is offered again; its form restores it
  const keptNew = useKeptDraft(form.mode === 'closed' ? draftKeys.newListing : null);

  const queries = [listings, sellers, buyers, agents];
  const dataReady = queries.every((q) => q.data);
  // The listings and the people the form chooses from are "the data" of this screen: any of them failing is a load failure.
  const loadFailed = queries.some((q) => q.isError);
  const retry = () => queries.filter((q) => q.isError).forEach((q) => void q.refetch());
  const openForm = (next: FormState) => {
    if (!dataReady) {
      setWaitNotice(true);
      return;
    }
    setWaitNotice(false);
    setForm(next);
  };

  const act = async (l: Listing, action: 'archive' | 'reactivate') => {
    try {
      await archive.mutateAsync({ id: l.id, action });
      toast.success(action === 'archive' ? LISTING_TEXT.archived : LISTING_TEXT.reactivated);
    } catch {
      toast.error(action === 'archive' ? LISTINGS_TEXT.archiveFailed : LISTINGS_TEXT.reactivateFailed);
    }
  };

  const all = listings.data?.listings ?? [];
  const current = all.filter((l) => l.status !== 'INACTIVE');
  const archived = all.filter((l) => l.status === 'INACTIVE');
  const busy = (l: Listing) => archive.isPending && archive.variables?.id === l.id;

  return (
    <div className="bb-stack">
      <div className="staff-head">
        <h1>Listings Overview</h1>
        {form.mode === 'closed' && <Button onClick={() => openForm({ mode: 'add' })}>Add Listing</Button>}
      </div>
      {waitNotice && !dataReady && <Alert tone="warning">{LISTINGS_TEXT.waitForData}</Alert>}
      {form.mode === 'closed' && keptNew.data && (
        <Alert tone="info">
          <span className="bb-row">
            {DRAFT_TEXT.unfinishedListing}
            <Button size="sm" variant="secondary" onClick={() => openForm({ mode: 'add' })}>
              {DRAFT_TEXT.continueDraft}
            </Button>
          </span>
        </Alert>
      )}

      {form.mode !== 'closed' && dataReady && (
        <ListingForm
          key={form.mode === 'edit' ? form.listing.id : 'new'}
          listing={form.mode === 'edit' ? form.listing : undefined}
          sellers={sellers.data!.users}
          buyers={buyers.data!.users}
          agents={agents.data!.users}
          onDone={() => setForm({ mode: 'closed' })}
        />
      )}

      {loadFailed ? (
        <LoadError message={LISTINGS_TEXT.loadFailed} onRetry={retry} />
      ) : !listings.data ? (
        <Loading label="Loading listings..." />
      ) : (
        <>
          {(listings.data.total ?? all.length) > all.length && (
            <p className="bb-muted">
              Showing the newest {LISTINGS_PAGE_SIZE} of {listings.data.total} listings.
            </p>
          )}
          <ListingsTable
            caption="Listings"
            listings={current}
            empty="No listings yet."
            actions={(l) => (
              <>
                <Button size="sm" variant="secondary" onClick={() => openForm({ mode: 'edit', listing: l })}>
                  Edit<span className="bb-sr-only"> {l.title}</span>
                </Button>
                <Button size="sm" variant="ghost" loading={busy(l)} onClick={() => act(l, 'archive')}>
                  Archive<span className="bb-sr-only"> {l.title}</span>
                </Button>
              </>
            )}
          />
          {archived.length > 0 && (
            <section className="bb-stack" aria-label="Archived listings">
              <div>
                <Button variant="secondary" aria-expanded={showArchived} onClick={() => setShowArchived((s) => !s)}>
                  {showArchived ? 'Hide' : 'Show'} Archived ({archived.length})
                </Button>
              </div>
              {showArchived && (
                <ListingsTable
                  caption="Archived Listings"
                  listings={archived}
                  empty="No archived listings."
                  actions={(l) => (
                    <Button size="sm" variant="secondary" loading={busy(l)} onClick={() => act(l, 'reactivate')}>
                      Reactivate<span className="bb-sr-only"> {l.title}</span>
                    </Button>
                  )}
                />
              )}
            </section>
          )}
        </>
      )}
    </div>
  );
}
