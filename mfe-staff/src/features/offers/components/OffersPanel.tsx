import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Offer } from '@brokerage/contracts/buyer-activity';
import { Alert, Button, Card, Loading, TextField, formatMoney, toast } from '@brokerage/ui';
import { DataTable, LoadError, formatDateTime, type DataColumn } from '@brokerage/ui/portal';
import { serverMessage, useStaffArea, type StaffArea } from '../../../api';
import { offersQuery, useRecordOffer } from '../api/offers';

export interface OffersPanelProps {
  buyerId: string;
  listingId: string;
  /** Default: the area of the current path (/broker or /agent). */
  area?: StaffArea;
  /** Heading of the card (default "Offers"). */
  title?: string;
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const COLUMNS: DataColumn<Offer>[] = [
  { header: 'Date', cell: (o) => o.date },
  { header: 'Amount', cell: (o) => formatMoney(o.amount) },
  { header: 'Note', cell: (o) => o.note ?? '—' },
  { header: 'Recorded by', cell: (o) => `${o.recordedBy.name} (${o.recordedBy.role}) · ${formatDateTime(o.createdAt)}` },
];

/**
 * The offers a buyer made on a listing, and a form to record one (amount, date, note) — shown on the staff buyer
 * progress view; each offer appears in the seller's Buyer Activity ("Made an offer", offer amount, stat cards).
 */
export function OffersPanel({ buyerId, listingId, area: given, title = 'Offers' }: OffersPanelProps) {
  const pathArea = useStaffArea();
  const area = given ?? pathArea;
  const offers = useQuery(offersQuery(area, buyerId, listingId));
  const record = useRecordOffer(area, buyerId, listingId);
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(today);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    record.mutate(
      { amount, date, note: note.trim() || undefined },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setDone(answer.message);
          setAmount('');
          setNote('');
        },
        onError: (err) => setError(serverMessage(err) ?? 'Failed to record the offer. Please try again.'),
      },
    );
  };

  return (
    <Card title={title}>
      <div className="bb-stack">
        {offers.isPending ? (
          <Loading />
        ) : offers.isError ? (
          <LoadError message="Failed to load offers" onRetry={() => void offers.refetch()} />
        ) : (
          <DataTable caption="Recorded offers" captionHidden columns={COLUMNS} rows={offers.data} rowKey={(o) => o.id} empty="No offers recorded yet." />
        )}
        <form className="bb-stack" onSubmit={submit} noValidate aria-label="Record an offer">
          <h3>Record an offer</h3>
          {error && <Alert tone="error">{error}</Alert>}
          {done && (
            <Alert tone="success">
              {done}
            </Alert>
          )}
          <div className="bb-row">
            <TextField
              label="Offer amount (USD)"
              inputMode="decimal"
              required
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              hint="e.g. 485000"
              maxLength={20}
            />
            <TextField label="Offer date" type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
          </div>
          <TextField label="Note" multiline rows={2} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
          <div>
            <Button type="submit" loading={record.isPending} disabled={!amount.trim()}>
              Record Offer
            </Button>
          </div>
        </form>
      </div>
    </Card>
  );
}
