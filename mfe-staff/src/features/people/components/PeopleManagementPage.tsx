import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Badge, Button, ConfirmDialog, Loading, toast } from '@brokerage/ui';
import { SearchBox, LoadError, formatDateTime } from '@brokerage/ui/portal';
import { serverMessage } from '../../../api';
import { ListingDocumentsSection } from '../../documents';
import { peopleQuery, usePersonAction, type PeopleKind, type PersonAction, type PersonRow } from '../api/people';
import { PersonListings } from './PersonListings';
import { PEOPLE_TEXT } from './texts';

const DONE: Record<PersonAction, string> = { archive: 'archived', reactivate: 'reactivated', delete: 'deleted' };

/** /broker/sellers and /broker/buyers — Sellers Management / Buyers Management (spec part 3 §2). */
export function PeopleManagementPage({ kind }: { kind: PeopleKind }) {
  const t = PEOPLE_TEXT[kind];
  const people = useQuery(peopleQuery('broker', kind));
  const action = usePersonAction(kind);
  const [query, setQuery] = useState('');
  const [deleting, setDeleting] = useState<PersonRow | null>(null);

  const rows = useMemo(() => {
    const q = query.trim().toLowerCase();
    const all = people.data ?? [];
    return q ? all.filter((p) => p.name.toLowerCase().includes(q) || p.email.toLowerCase().includes(q)) : all;
  }, [people.data, query]);

  const run = async (p: PersonRow, what: PersonAction) => {
    try {
      await action.mutateAsync({ id: p.id, action: what });
      toast.success(`${p.name} ${DONE[what]}`);
    } catch (e) {
      toast.error(
        what === 'archive' ? t.archiveFailed : what === 'reactivate' ? t.reactivateFailed : t.deleteFailed(serverMessage(e)),
      );
    }
  };

  return (
    <div className="bb-stack">
      <h1>{t.title}</h1>
      <SearchBox label="Search by name or email" value={query} onChange={setQuery} />
      {people.isPending ? (
        <Loading label={`Loading ${kind}...`} />
      ) : people.isError ? (
        <LoadError message={t.fetchFailed} onRetry={() => void people.refetch()} />
      ) : rows.length === 0 ? (
        <p className="bb-muted" role="status">
          {query ? `No ${kind} match "${query}".` : t.empty}
        </p>
      ) : (
        <ul className="staff-people" aria-label={t.title}>
          {rows.map((p) => (
            <PersonItem
              key={p.id}
              kind={kind}
              person={p}
              busy={action.isPending && action.variables?.id === p.id}
              onAction={(what) => (what === 'delete' ? setDeleting(p) : run(p, what))}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!deleting}
        title={`Delete ${t.noun}`}
        message={deleting ? t.deleteWarning(deleting.name) : ''}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={async () => {
          if (deleting) await run(deleting, 'delete');
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

function PersonItem({
  kind,
  person: p,
  busy,
  onAction,
}: {
  kind: PeopleKind;
  person: PersonRow;
  busy: boolean;
  onAction: (a: PersonAction) => void;
}) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  const t = PEOPLE_TEXT[kind];
  return (
    <li className="staff-person">
      <div className="staff-person__head">
        <div className="staff-person__who">
          <h2 className="staff-person__name">{p.name}</h2>
          <a href={`mailto:${p.email}`}>{p.email}</a>
          <span className="bb-muted">
            {p.phone ? `${p.phone} · ` : ''}Joined {formatDateTime(p.createdAt)}
          </span>
        </div>
        <Badge tone={p.isActive ? 'success' : 'danger'}>{p.isActive ? 'Active' : 'Inactive'}</Badge>
        <div className="bb-table__actions">
          <Button size="sm" variant="secondary" aria-expanded={open} aria-controls={panel} onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide' : 'Show'} {t.listingsLabel.toLowerCase()} ({p.listings.length})
            <span className="bb-sr-only"> of {p.name}</span>
          </Button>
          {p.isActive ? (
            <Button size="sm" variant="ghost" loading={busy} onClick={() => onAction('archive')}>
              Archive<span className="bb-sr-only"> {p.name}</span>
            </Button>
          ) : (
            <Button size="sm" variant="secondary" loading={busy} onClick={() => onAction('reactivate')}>
              Reactivate<span className="bb-sr-only"> {p.name}</span>
            </Button>
          )}
          <Button size="sm" variant="danger" disabled={busy} onClick={() => onAction('delete')}>
            Delete<span className="bb-sr-only"> {p.name}</span>
          </Button>
        </div>
      </div>
      <div id={panel} hidden={!open} className="staff-person__listings">
        {open && <PersonListings base={`/broker/${kind}/${p.id}`} listings={p.listings} label={`${t.listingsLabel} of ${p.name}`} />}
        {open && <ListingDocumentsSection area="broker" kind={kind} person={p} listings={p.listings} />}
      </div>
    </li>
  );
}
