import { Card } from '@brokerage/ui';
import { PROGRESS_TEXT } from './texts';

/**
 * Where the due-diligence table in broker/agent mode goes on the buyer's progress screen (spec part 3 §2). The shared
 * widget (packages/ui DueDiligenceTable) is not in @brokerage/ui yet; this slot is replaced by it once it is.
 */
export function DueDiligenceSlot(_props: { buyerId: string; listingId: string; area: string }) {
  return (
    <Card title="Due Diligence" data-slot="due-diligence-table">
      <p className="bb-muted">{PROGRESS_TEXT.dueDiligenceSoon}</p>
    </Card>
  );
}
