import { useMemo, useState } from 'react';
import {
  BUYER_ACTIVITY_FILTERS,
  TOTAL_VIEWS_HINT,
  thousandsOfDollars,
  type BuyerActivityFilter,
  type BuyerActivityRow,
} from '@brokerage/contracts/buyer-activity';
import { Alert, Button, Card, ConfirmDialog, Loading, Select, toast } from '@brokerage/ui';
import { LoadError, SearchBox, StatCard, StatGrid, StepFrame, useCurrentListing } from '@brokerage/ui/portal';
import { useQuery } from '@tanstack/react-query';
import { BUYER_ACTIVITY_STEP, BUYER_ACTIVITY_TEXT, buyerActivityQuery, useBuyerActivityCompletion, useBuyerDecision } from '../api';
import { filterRows, pageCount, pageOf } from '../model/table';
import { BuyerActivityTable } from './BuyerActivityTable';
import { Pager } from './Pager';
import './buyer-activity.css';

type Pending = { row: BuyerActivityRow; decision: 'approve' | 'reject' } | null;

/**
 * Seller step 6 (id 5), Buyer Activity: stat cards, the buyers of the selected listing (real data, deviation 5) with
 * search, status filter and pages of 25, approve / reject of interested buyers behind a confirm, Mark Complete while
 * the step is open and not completed (and the automatic completion on load once the journey reached it).
 */
export function BuyerActivityPage() {
  const current = useCurrentListing('seller');
  const listingId = current.data?.listing?.id ?? null;
  const q = useQuery(buyerActivityQuery(listingId));
  const decide = useBuyerDecision(listingId);
  const { mark, state } = useBuyerActivityCompletion();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<BuyerActivityFilter>('All');
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState<Pending>(null);

  const filtered = useMemo(() => filterRows(q.data?.buyers ?? [], search, status), [q.data, search, status]);
  const pages = pageCount(filtered.length);
  const shown = pageOf(filtered, Math.min(page, pages));
  const stats = q.data?.stats;
  const noListing = current.isSuccess && !listingId;

  const markButton =
    state !== 'completed' && state !== 'locked' ? (
      <Button
        onClick={() => mark.mutate(undefined, { onError: () => toast.error(BUYER_ACTIVITY_TEXT.markFailed) })}
        loading={mark.isPending}
      >
        Mark Complete
      </Button>
    ) : null;

  return (
    <StepFrame stepId={BUYER_ACTIVITY_STEP}>
      {current.isPending || (listingId && q.isPending) ? (
        <Loading />
      ) : current.isError || q.isError ? (
        <LoadError message="Failed to load data" onRetry={() => void (current.isError ? current.refetch() : q.refetch())} />
      ) : noListing ? (
        <Alert tone="info">{BUYER_ACTIVITY_TEXT.noListing}</Alert>
      ) : (
        <div className="bb-stack">
          <StatGrid label="Buyer activity summary">
            <StatCard label="Total Views" value={stats?.totalViews ?? 0} hint={TOTAL_VIEWS_HINT} />
            <StatCard label="Interested Buyers" value={stats?.interestedBuyers ?? 0} />
            <StatCard label="Offers Received" value={stats?.offersReceived ?? 0} />
            <StatCard label="Highest Offer" value={thousandsOfDollars(stats?.highestOffer ?? null)} hint={stats?.highestOffer ? undefined : 'No offers yet'} />
          </StatGrid>
          <Card title={`Buyers of ${current.data?.listing?.title ?? 'your listing'}`}>
            <div className="bb-stack">
              <div className="ba-filters">
                <SearchBox
                  label="Search buyers"
                  placeholder="Name, company or number"
                  value={search}
                  onChange={(v) => {
                    setSearch(v);
                    setPage(1);
                  }}
                />
                <Select
                  label="Status"
                  value={status}
                  onChange={(e) => {
                    setStatus(e.target.value as BuyerActivityFilter);
                    setPage(1);
                  }}
                >
                  {BUYER_ACTIVITY_FILTERS.map((f) => (
                    <option key={f} value={f}>
                      {f}
                    </option>
                  ))}
                </Select>
              </div>
              <p className="bb-muted" aria-live="polite">
                {filtered.length === 1 ? '1 buyer' : `${filtered.length} buyers`}
                {pages > 1 ? ` · page ${Math.min(page, pages)} of ${pages}` : ''}
              </p>
              <BuyerActivityTable
                rows={shown}
                empty={(q.data?.buyers.length ?? 0) === 0 ? BUYER_ACTIVITY_TEXT.empty : BUYER_ACTIVITY_TEXT.noMatch}
                onDecide={state === 'locked' ? undefined : (row, decision) => setPending({ row, decision })}
              />
              <Pager page={Math.min(page, pages)} total={pages} onPage={setPage} />
            </div>
          </Card>
          {markButton && <div>{markButton}</div>}
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.decision === 'approve' ? 'Approve buyer' : 'Reject buyer'}
        message={
          pending
            ? `Are you sure you want to ${pending.decision} ${pending.row.buyerName || pending.row.buyerNumber} (${pending.row.buyerNumber}) for this listing?`
            : ''
        }
        confirmLabel={pending?.decision === 'approve' ? 'Approve' : 'Reject'}
        tone={pending?.decision === 'reject' ? 'danger' : 'primary'}
        onCancel={() => setPending(null)}
        onConfirm={async () => {
          if (!pending) return;
          try {
            await decide.mutateAsync({ buyerId: pending.row.id, decision: pending.decision });
          } catch {
            // toasted by the mutation
          }
          setPending(null);
        }}
      />
    </StepFrame>
  );
}
