import { Alert, Card, Loading } from '@brokerage/ui';
import { LoadError, SignedAgreement, StepFrame, useCurrentListing } from '@brokerage/ui/portal';
import {
  AGREEMENT_PATH,
  AGREEMENT_STEP,
  AGREEMENT_TEXT,
  useAfterSignedUpload,
  useDeleteSignedCopy,
  useDownloadAgreement,
  listingAgreementQuery,
} from '../api';
import { useQuery } from '@tanstack/react-query';
import { LISTING_AGREEMENT_TEXT } from '@brokerage/contracts/listing-agreement';
import { AgreementStatus, preparedByText } from './AgreementStatus';

/** Spec part 2 §2, §9: the agreement's terms, shown as text. */
const TERMS = [
  'Exclusive business listing agreement with the brokerage.',
  'Term: 6 months, renewable.',
  'Commission: 10% of the final sale price, due only at closing.',
  'No upfront fees.',
] as const;

/**
 * Seller step 3 (id 2), Listing Agreement: download the agreement the broker or agent prepared (who and which version),
 * sign it, upload the signed copy (.pdf .doc .docx) through POST /seller/listing-agreement; the agreement's status and
 * the signed copy with its date. The upload completes the step and enables Next.
 */
export function ListingAgreementPage() {
  const q = useQuery(listingAgreementQuery());
  const current = useCurrentListing('seller');
  const download = useDownloadAgreement();
  const afterUpload = useAfterSignedUpload();
  const remove = useDeleteSignedCopy();
  const noListing = current.data?.needsSelection || (current.isSuccess && !current.data?.listing);
  const agreement = q.data?.agreement;

  return (
    <StepFrame stepId={AGREEMENT_STEP}>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadError message="Failed to load data" onRetry={() => void q.refetch()} />
      ) : (
        <div className="bb-stack">
          <Card title="Agreement terms">
            <ul>
              {TERMS.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          </Card>
          <SignedAgreement
            texts={LISTING_AGREEMENT_TEXT}
            document={agreement?.document ?? q.data.document}
            documentMeta={agreement ? preparedByText(agreement) : undefined}
            missing={<Alert tone="info">{AGREEMENT_TEXT.none}</Alert>}
            onDownload={(doc) => download.mutate(doc)}
            downloading={download.isPending}
            uploadNotice={<Alert tone="warning">Please upload the signed copy within 48 hours.</Alert>}
            uploadPath={noListing ? null : AGREEMENT_PATH}
            onUploaded={afterUpload}
            signedSummary={agreement && <AgreementStatus agreement={agreement} />}
            signedCopies={q.data.signedCopies}
            onDelete={(d) => remove.mutateAsync(d)}
          />
        </div>
      )}
    </StepFrame>
  );
}
