import { Button } from '@brokerage/ui';
import { pageButtons } from '../model/table';

/** Previous, at most 5 page numbers, an ellipsis and the last page, Next. */
export function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  if (total <= 1) return null;
  return (
    <nav className="bb-row ba-pager" aria-label="Buyer pages">
      <Button variant="secondary" size="sm" disabled={page === 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {pageButtons(page, total).map((p, i) =>
        p === 'ellipsis' ? (
          <span key={`e${i}`} className="ba-pager__ellipsis" aria-hidden="true">
            …
          </span>
        ) : (
          <Button
            key={p}
            variant={p === page ? 'primary' : 'secondary'}
            size="sm"
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`}
            onClick={() => onPage(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button variant="secondary" size="sm" disabled={page === total} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
