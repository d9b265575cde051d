import { Card } from '@brokerage/ui';
import type { StaffPage } from '../nav';

/** A staff page until its real screen lands. */
export function Placeholder({ page }: { page: StaffPage }) {
  return (
    <div className="bb-stack">
      <h1>{page.title}</h1>
      <Card>
        <p className="bb-muted">This screen is coming soon</p>
      </Card>
    </div>
  );
}
