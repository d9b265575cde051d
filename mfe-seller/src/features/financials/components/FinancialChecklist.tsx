import { Card } from '@brokerage/ui';

/** Spec part 2 §9: the 9 financial documents the broker asks the seller for. */
export const FINANCIAL_CHECKLIST = [
  'Profit and loss statements and balance sheets for the last 3 years',
  'List of furniture, fixtures and equipment (FF&E)',
  'Brochures and marketing materials',
  'Past business plans or valuations',
  'Organization chart',
  'Accounts receivable aging report',
  'Premises lease',
  'Financial projections',
  'Pictures of equipment',
] as const;

/**
 * The requested documents as guidance. Documents carry no tag naming the checklist item they answer, so nothing can
 * be ticked from the uploads; the list says what to send.
 */
export function FinancialChecklist() {
  return (
    <Card title="Requested financial documents">
      <p className="bb-muted">Please upload these documents (any of the accepted file types; several files per item are fine):</p>
      <ol>
        {FINANCIAL_CHECKLIST.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    </Card>
  );
}
