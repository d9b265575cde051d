import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, Loading } from '@brokerage/ui';
import { LoadError, formatDateTime } from '@brokerage/ui/portal';
import { NEEDS_ATTENTION_TEXT as T, type NeedsAttentionItem, type NeedsAttentionKind } from '@brokerage/contracts/needs-attention';
import type { StaffArea } from '../../../api';
import { formatShortDate } from '../../../format-date';
import { needsAttentionQuery, unreadCountQuery } from '../api/needs-attention';
import './dashboard.css';

/** Items shown before "Show all". */
export const FIRST_ITEMS = 8;

const TONE: Record<NeedsAttentionKind | 'unread', 'warning' | 'info' | 'danger' | 'neutral' | 'success'> = {
  'nda-signed': 'warning',
  'client-upload': 'info',
  'due-diligence-request': 'danger',
  'idle-journey': 'neutral',
  unread: 'info',
};

export type NeedsAttentionState =
  | { status: 'pending' }
  | { status: 'error'; retry: () => void }
  | { status: 'ok'; items: NeedsAttentionItem[]; total: number; unread: number };

interface Row {
  key: string;
  kind: NeedsAttentionKind | 'unread';
  text: string;
  to: string;
  at: string | null;
}

function rowsOf(area: StaffArea, items: NeedsAttentionItem[], unread: number): Row[] {
  const rows: Row[] = items.map((i) => ({
    key: `${i.kind}:${i.listingId}:${i.clientId}`,
    kind: i.kind,
    text: T.item(i),
    // The client's progress view on the listing: the NDA, the uploads, the due-diligence table and the steps are there.
    to: `/${area}/${i.clientKind}/${i.clientId}/${i.listingId}`,
    at: i.at,
  }));
  return unread > 0 ? [{ key: 'unread', kind: 'unread', text: T.unread(unread), to: `/${area}/messages`, at: null }, ...rows] : rows;
}

/** The list itself, for each state of its data (NeedsAttention below feeds it). */
export function NeedsAttentionView({ area, state }: { area: StaffArea; state: NeedsAttentionState }) {
  const [all, setAll] = useState(false);
  let body;
  if (state.status === 'pending') body = <Loading label="Loading what needs attention..." />;
  else if (state.status === 'error') body = <LoadError message={T.loadFailed} onRetry={state.retry} />;
  else {
    const rows = rowsOf(area, state.items, state.unread);
    const shown = all ? rows : rows.slice(0, FIRST_ITEMS);
    const hiddenOnServer = state.total - state.items.length;
    body =
      rows.length === 0 ? (
        <p className="staff-attention__empty">{T.empty}</p>
      ) : (
        <>
          <ul className="staff-attention" aria-label={T.title}>
            {shown.map((r) => (
              <li key={r.key} className="staff-attention__item" data-kind={r.kind}>
                <Badge tone={TONE[r.kind]}>{T.label[r.kind]}</Badge>
                <Link className="staff-attention__link" to={r.to}>
                  {r.text}
                </Link>
                {r.at && (
                  <time className="staff-attention__when" dateTime={r.at} title={formatDateTime(r.at)}>
                    {formatShortDate(r.at)}
                  </time>
                )}
              </li>
            ))}
          </ul>
          {(rows.length > FIRST_ITEMS || hiddenOnServer > 0) && (
            <div className="staff-attention__more">
              {hiddenOnServer > 0 && all && <span className="bb-muted">{T.more(state.items.length, state.total)}</span>}
              {rows.length > FIRST_ITEMS && (
                <Button size="sm" variant="secondary" aria-expanded={all} onClick={() => setAll((v) => !v)}>
                  {all ? T.showFewer : T.showAll(rows.length)}
                </Button>
              )}
            </div>
          )}
        </>
      );
  }
  return (
    <Card title={T.title} className="staff-attention-card">
      {body}
    </Card>
  );
}

/**
 * The dashboard's "Needs attention" (issue 19 §3): the listings service's items (NDAs signed awaiting approval, new
 * client uploads of the last 7 days, open due-diligence requests, idle journeys; contracts needs-attention.ts) and the
 * caller's unread messages, each a link to the place to act. An unread count that fails to load is left out.
 */
export function NeedsAttention({ area }: { area: StaffArea }) {
  const list = useQuery(needsAttentionQuery(area));
  const unread = useQuery(unreadCountQuery());
  const state: NeedsAttentionState = list.isPending
    ? { status: 'pending' }
    : list.isError
      ? { status: 'error', retry: () => void list.refetch() }
      : { status: 'ok', items: list.data.items, total: list.data.total, unread: unread.data?.count ?? 0 };
  return <NeedsAttentionView area={area} state={state} />;
}
