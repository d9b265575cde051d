import { useId, useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import {
  CHECKLIST_MSG,
  defaultChecklist,
  type ChecklistCategory,
  type ChecklistItem,
  type ChecklistResponse,
} from '@brokerage/contracts/checklists';
import { Alert, Badge, ProgressBar } from '@brokerage/ui';
import { useLiveUpdates } from './live-events.js';
import { checklistKeys } from './query-keys.js';
import { formatDateTime } from '../format-date.js';
import '../styles/checklist.css';

export type ChecklistPrefix = 'broker' | 'agent' | 'seller' | 'buyer';

/** The checklist calls' path prefix follows the role (spec part 2 §6); an unknown role falls back to /seller. */
export function checklistPrefix(role: string | null | undefined): ChecklistPrefix {
  const r = (role ?? '').toLowerCase();
  return r === 'broker' || r === 'agent' || r === 'buyer' ? r : 'seller';
}

export { checklistKeys };

/** GET /{prefix}/listings/{listingId}/pre-close-checklist. */
export const checklistQuery = (listingId: string, prefix: ChecklistPrefix) =>
  queryOptions({
    queryKey: checklistKeys.listing(listingId, prefix),
    queryFn: () => apiFetch<ChecklistResponse>(apiPath('GET', `/${prefix}/listings/:listingId/pre-close-checklist`, { listingId })),
  });

/** The rounded percentage of completed items. */
export function checklistProgress(categories: readonly ChecklistCategory[]): number {
  const items = categories.flatMap((c) => c.items);
  return items.length ? Math.round((items.filter((i) => i.completed).length / items.length) * 100) : 0;
}

export interface ChecklistProps {
  listingId: string;
  /** The viewer's role (BROKER, AGENT, SELLER, BUYER, any case): picks the path prefix. The seller's screen passes SELLER. */
  role: string;
  /** Heading of the card (default "Pre-Close Checklist"). */
  title?: string;
}

/**
 * The shared pre-close checklist (spec part 2 §2, part 3 §3): a buyer and a seller column per item, blue checkboxes
 * for buyer items and green for seller items, a dash where the item is not that party's, broker items with a purple
 * Broker tag tickable from either column. One update at a time. A failed or empty load shows the built-in default.
 * Another party's tick appears without reload (a `checklist.changed` on /api/events: useLiveUpdates' table).
 */
export function Checklist({ listingId, role, title = 'Pre-Close Checklist' }: ChecklistProps) {
  const prefix = checklistPrefix(role);
  const key = checklistKeys.listing(listingId, prefix);
  const client = useQueryClient();
  const [failed, setFailed] = useState(false);
  const q = useQuery(checklistQuery(listingId, prefix));
  const toggle = useMutation({
    mutationFn: (item: { categoryId: string; itemId: string }) =>
      apiFetch<ChecklistResponse>(apiPath('PUT', `/${prefix}/listings/:listingId/pre-close-checklist/item`, { listingId }), { method: 'PUT', json: { ...item, userRole: prefix } }),
    onMutate: async () => {
      setFailed(false);
      // a reload started by a live notice must not land after this answer with the state before it
      await client.cancelQueries({ queryKey: key });
    },
    onSuccess: (answer) => client.setQueryData(key, answer),
    onError: () => setFailed(true),
  });
  const headingId = useId();
  useLiveUpdates();

  if (q.isPending) {
    return (
      <section className="bb-card bb-checklist" aria-labelledby={headingId} aria-busy="true">
        <h2 id={headingId} className="bb-checklist__title">{title}</h2>
        <p role="status">Loading checklist...</p>
      </section>
    );
  }
  // A failed load or one without a checklist shows the built-in default, silently (spec part 2 §7).
  const categories = q.data?.checklist?.length ? q.data.checklist : defaultChecklist();
  const percent = checklistProgress(categories);
  const busy = toggle.isPending;
  const lastUpdate = q.data?.lastUpdatedBy && q.data.updatedAt ? `${q.data.lastUpdatedBy.name}, ${formatDateTime(q.data.updatedAt)}` : null;

  return (
    <section className="bb-card bb-checklist" aria-labelledby={headingId} aria-busy={busy}>
      <h2 id={headingId} className="bb-checklist__title">{title}</h2>
      <div className="bb-checklist__progress">
        <p>
          Overall progress: <strong>{percent}%</strong>
        </p>
        <ProgressBar value={percent} label="Checklist progress" />
        {lastUpdate && <p className="bb-checklist__updated">Last updated by {lastUpdate}</p>}
      </div>
      {failed && <Alert tone="error">{CHECKLIST_MSG.updateFailed}</Alert>}
      {categories.map((c) => (
        <CategoryTable
          key={c.id}
          category={c}
          busy={busy}
          pendingId={busy ? toggle.variables?.itemId : undefined}
          onToggle={(itemId) => toggle.mutate({ categoryId: c.id, itemId })}
        />
      ))}
    </section>
  );
}

function CategoryTable({ category, busy, pendingId, onToggle }: {
  category: ChecklistCategory;
  busy: boolean;
  pendingId: string | undefined;
  onToggle: (itemId: string) => void;
}) {
  return (
    <table className="bb-checklist__table">
      <caption>
        {category.id}. {category.title}
      </caption>
      <thead>
        <tr>
          <th scope="col">Task</th>
          <th scope="col" className="bb-checklist__col">Buyer</th>
          <th scope="col" className="bb-checklist__col">Seller</th>
        </tr>
      </thead>
      <tbody>
        {category.items.map((item) => (
          <tr key={item.id} data-responsible={item.responsible} data-pending={pendingId === item.id || undefined}>
            <th scope="row" className="bb-checklist__task">
              {item.task}
              {item.responsible === 'broker' && <Badge className="bb-checklist__broker">Broker</Badge>}
              {item.required && <span className="bb-checklist__required">Required</span>}
            </th>
            <td className="bb-checklist__col">
              <ItemBox item={item} column="buyer" disabled={busy} onToggle={onToggle} />
            </td>
            <td className="bb-checklist__col">
              <ItemBox item={item} column="seller" disabled={busy} onToggle={onToggle} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One column's checkbox, or a dash when the item is not that party's. Who ticked it and when shows on hover/focus. */
function ItemBox({ item, column, disabled, onToggle }: {
  item: ChecklistItem;
  column: 'buyer' | 'seller';
  disabled: boolean;
  onToggle: (itemId: string) => void;
}) {
  const id = useId();
  const party = column === 'buyer' ? 'Buyer' : 'Seller';
  if (item.responsible !== column && item.responsible !== 'broker') {
    return (
      <span className="bb-checklist__dash" aria-label={`Not assigned to the ${column}`}>
        –
      </span>
    );
  }
  const who = item.completed && item.completedBy ? `Completed by ${item.completedBy}${item.completedAt ? ` on ${formatDateTime(item.completedAt)}` : ''}` : null;
  return (
    <span className={`bb-checklist__box bb-checklist__box--${column}`}>
      <input
        id={id}
        type="checkbox"
        checked={item.completed}
        disabled={disabled}
        onChange={() => onToggle(item.id)}
        aria-describedby={who ? `${id}-who` : undefined}
        title={who ?? undefined}
      />
      <label htmlFor={id} className="bb-sr-only">
        {party}: {item.task}
      </label>
      {who && (
        <span id={`${id}-who`} role="tooltip" className="bb-checklist__who">
          {who}
        </span>
      )}
    </span>
  );
}
