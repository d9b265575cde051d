import { Badge, Button, formatMoney, type BadgeProps } from '@brokerage/ui';
import { DataTable, formatDateTime, type DataColumn } from '@brokerage/ui/portal';
import type { BuyerActivityRow, BuyerActivityStatus, YesNoPending } from '@brokerage/contracts/buyer-activity';

const YES_TONE: Record<YesNoPending, BadgeProps['tone']> = { Yes: 'success', Pending: 'warning', No: 'neutral' };
const STATUS_TONE: Record<BuyerActivityStatus, BadgeProps['tone']> = { Interested: 'info', 'Not Interested': 'neutral', 'Made an offer': 'success' };

export interface BuyerActivityTableProps {
  rows: BuyerActivityRow[];
  empty: string;
  /** Approve / reject an interested buyer (asks for confirmation first); absent on a locked step. */
  onDecide?: (row: BuyerActivityRow, decision: 'approve' | 'reject') => void;
}

/**
 * The buyer rows (spec part 2 §3 "Buyer activity row"), six columns that fit the step screen at 1280 px beside the
 * sidebar: the buyer (number, name, company, e-mail) in one, the NDA and pre-qualification together, the status with
 * its offer. Cards below 640 px, each value labelled by its column.
 */
export function BuyerActivityTable({ rows, empty, onDecide }: BuyerActivityTableProps) {
  const columns: DataColumn<BuyerActivityRow>[] = [
    {
      header: 'Buyer',
      className: 'ba-col-buyer',
      cell: (r) => (
        <span className="ba-buyer">
          <strong>{r.buyerNumber}</strong> {r.buyerName || '—'}
          {r.company && <span className="bb-muted ba-buyer__line">{r.company}</span>}
          {r.email && (
            <a className="ba-buyer__line" href={`mailto:${r.email}`}>
              {r.email}
            </a>
          )}
        </span>
      ),
    },
    { header: 'Contacted', cell: (r) => formatDateTime(r.dateOfContact) },
    {
      header: 'NDA / Pre-Qualified',
      cell: (r) => (
        <span className="ba-badges">
          <Badge tone={YES_TONE[r.nda]}>NDA: {r.nda}</Badge>
          <Badge tone={YES_TONE[r.preQualified]}>Pre-qualified: {r.preQualified}</Badge>
        </span>
      ),
    },
    {
      header: 'Status / Offer',
      cell: (r) => (
        <span className="ba-badges">
          <Badge tone={STATUS_TONE[r.status]}>{r.status}</Badge>
          {r.offerAmount !== null && <span>{formatMoney(r.offerAmount)}</span>}
        </span>
      ),
    },
    {
      header: 'Last Activity',
      cell: (r) => (
        <span>
          {r.activity}
          <br />
          <span className="bb-muted">{formatDateTime(r.timestamp)}</span>
        </span>
      ),
    },
    {
      header: 'Actions',
      cell: (r) =>
        r.decision === 'interested' && onDecide ? (
          <span className="ba-actions">
            <Button size="sm" onClick={() => onDecide(r, 'approve')} aria-label={`Approve ${r.buyerName || r.buyerNumber}`}>
              Approve
            </Button>
            <Button size="sm" variant="danger" onClick={() => onDecide(r, 'reject')} aria-label={`Reject ${r.buyerName || r.buyerNumber}`}>
              Reject
            </Button>
          </span>
        ) : r.decision === 'approved' ? (
          <Badge tone="success">Approved</Badge>
        ) : r.decision === 'rejected' ? (
          <Badge tone="neutral">Rejected</Badge>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <div className="ba-table">
      <DataTable caption="Buyers of this listing" captionHidden columns={columns} rows={rows} rowKey={(r) => r.id} empty={empty} />
    </div>
  );
}
