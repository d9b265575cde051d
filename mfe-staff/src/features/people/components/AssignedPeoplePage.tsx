import { useQuery } from '@tanstack/react-query';
import { Loading } from '@brokerage/ui';
import { LoadError, formatDateTime } from '@brokerage/ui/portal';
import { peopleQuery, type PeopleKind } from '../api/people';
import { PersonListings } from './PersonListings';
import { PEOPLE_TEXT } from './texts';

const TITLE: Record<PeopleKind, string> = { sellers: 'My Assigned Sellers', buyers: 'My Assigned Buyers' };

/** /agent/sellers and /agent/buyers — one card per person with their listings (spec part 3 §2 Agent shell). */
export function AssignedPeoplePage({ kind }: { kind: PeopleKind }) {
  const people = useQuery(peopleQuery('agent', kind));
  const t = PEOPLE_TEXT[kind];
  return (
    <div className="bb-stack">
      <h1>{TITLE[kind]}</h1>
      {people.isPending ? (
        <Loading label={`Loading ${kind}...`} />
      ) : people.isError ? (
        <LoadError message={t.fetchFailed} onRetry={() => void people.refetch()} />
      ) : people.data.length === 0 ? (
        <p className="bb-muted">No {kind} are assigned to you yet.</p>
      ) : (
        <ul className="staff-cards" aria-label={TITLE[kind]}>
          {people.data.map((p) => (
            <li key={p.id} className="bb-card staff-card">
              <h2 className="staff-person__name">{p.name}</h2>
              <a href={`mailto:${p.email}`}>{p.email}</a>
              <p className="bb-muted staff-card__meta">
                Joined {formatDateTime(p.createdAt)} ·{' '}
                {kind === 'sellers'
                  ? `${p.listings.length} ${p.listings.length === 1 ? 'listing' : 'listings'}`
                  : `${p.listings.length} interested ${p.listings.length === 1 ? 'listing' : 'listings'}`}
              </p>
              <PersonListings
                base={`/agent/${kind}/${p.id}`}
                listings={p.listings}
                label={`${t.listingsLabel} of ${p.name}`}
                showDescription
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
