import type { ListingAgreement } from '@brokerage/contracts/listing-agreement';
import { Badge, type BadgeProps } from '@brokerage/ui';
import { formatDateTime } from '@brokerage/ui/portal';
import { AGREEMENT_STATUS_TEXT } from '../api';

const TONE: Record<ListingAgreement['status'], BadgeProps['tone']> = { NOT_PROVIDED: 'neutral', AWAITING_SIGNATURE: 'warning', SIGNED: 'success' };

/** "Prepared by: Morgan Broker (BROKER) · Version 2 · {date}": who prepared the current agreement and which one it is. */
export function preparedByText(agreement: ListingAgreement): string | null {
  const { preparedBy, document, version } = agreement;
  if (!preparedBy || !document) return null;
  return `Prepared by: ${preparedBy.name} (${preparedBy.role}) · Version ${version} · ${formatDateTime(document.uploadedAt)}`;
}

/** The agreement object's status and the signed copy of the current version with its signedAt date. */
export function AgreementStatus({ agreement }: { agreement: ListingAgreement }) {
  return (
    <dl className="bb-stack" data-testid="listing-agreement-status" style={{ margin: 0 }}>
      <div>
        <dt className="bb-muted">Status</dt>
        <dd style={{ margin: 0 }}>
          <Badge tone={TONE[agreement.status]}>{AGREEMENT_STATUS_TEXT[agreement.status]}</Badge>
        </dd>
      </div>
      {agreement.signedCopy && (
        <div>
          <dt className="bb-muted">Signed copy</dt>
          <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>
            <strong>{agreement.signedCopy.fileName}</strong> · Signed on {formatDateTime(agreement.signedAt)}
          </dd>
        </div>
      )}
    </dl>
  );
}
