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

/** The buyer rows (spec part 2 §3 "Buyer activity row"); cards below 640 px. */
export function BuyerActivityTable({ rows, empty, onDecide }: BuyerActivityTableProps) {
  const columns: DataColumn<BuyerActivityRow>[] = [
    { header: 'Buyer #', cell: (r) => <strong>{r.buyerNumber}</strong> },
    { header: 'Buyer Name', cell: (r) => r.buyerName || '—' },
    { header: 'Company', cell: (r) => r.company || '—' },
    { header: 'Date of Contact', cell: (r) => formatDateTime(r.dateOfContact) },
    { header: 'NDA', cell: (r) => <Badge tone={YES_TONE[r.nda]}>{r.nda}</Badge> },
    { header: 'Pre-Qualified', cell: (r) => <Badge tone={YES_TONE[r.preQualified]}>{r.preQualified}</Badge> },
    { header: 'Status', cell: (r) => <Badge tone={STATUS_TONE[r.status]}>{r.status}</Badge> },
    { header: 'Offer Amount', cell: (r) => (r.offerAmount === null ? '—' : formatMoney(r.offerAmount)) },
    { header: 'Email', cell: (r) => (r.email ? <a href={`mailto:${r.email}`}>{r.email}</a> : '—') },
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
          <span className="bb-row">
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
  return <DataTable caption="Buyers of this listing" captionHidden columns={columns} rows={rows} rowKey={(r) => r.id} empty={empty} />;
}
