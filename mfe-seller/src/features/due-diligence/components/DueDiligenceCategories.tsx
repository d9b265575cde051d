import { Badge, Card } from '@brokerage/ui';
import { SELLER_DUE_DILIGENCE_CATEGORIES } from '@brokerage/contracts/seller-due-diligence';

/**
 * The four categories of five items a buyer may ask for (Legal Documents, Financial Records, Operational Information,
 * HR & Benefits). An item shows "Requested by buyers" while a buyer waits for its document, and "File uploaded" once
 * the seller has supplied a file under that document.
 */
export function DueDiligenceCategories({ requested, supplied }: { requested: ReadonlySet<string>; supplied: ReadonlySet<string> }) {
  return (
    <Card title="Due diligence categories">
      <p className="bb-muted">Buyers may ask for the documents below during due diligence. Preparing them early keeps the sale on schedule.</p>
      <div className="bb-dd-categories">
        {SELLER_DUE_DILIGENCE_CATEGORIES.map((c) => (
          <section key={c.id} aria-labelledby={`dd-cat-${c.id}`}>
            <h3 id={`dd-cat-${c.id}`}>{c.title}</h3>
            <ul>
              {c.items.map((i) => (
                <li key={i.id} data-item={i.id}>
                  {i.name}{' '}
                  {requested.has(i.documentName) && <Badge tone="warning">Requested by buyers</Badge>}{' '}
                  {supplied.has(i.documentName) && <Badge tone="success">File uploaded</Badge>}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Card>
  );
}
