import { Link } from 'react-router-dom';
import { Alert, Badge, Loading } from '@brokerage/ui';
import { LoadError, SignedAgreement, StepFrame, stepState, useCurrentListing, useJourney } from '@brokerage/ui/portal';
import {
  BUYER_ACTIVITY_PATH,
  PURCHASE_AGREEMENT_STEP,
  PURCHASE_AGREEMENT_TEXT,
  SIGNED_FIELDS,
  SIGNED_UPLOAD_PATH,
  useAfterSignedUpload,
  useDeleteSignedAgreement,
  useDownloadPurchaseAgreement,
  purchaseAgreementQuery,
} from '../api';
import { useQuery } from '@tanstack/react-query';

const TEXTS = {
  downloadTitle: '1. Download the purchase agreement',
  downloadButton: 'Download Purchase Agreement',
  uploadTitle: '2. Upload the signed purchase agreement',
  uploadLabel: 'Upload signed purchase agreement',
  listLabel: 'Your signed purchase agreements',
  empty: 'No signed copy uploaded yet.',
} as const;

/**
 * Seller step 7 (id 6), Purchase Agreement: download the agreement the broker (else the agent) provided, upload the
 * signed copy (.pdf .doc .docx); without one "Purchase Agreement Not Available Yet" and View Buyer Activity; the badge
 * "Agreement Ready" while the step is current and an agreement exists.
 */
export function PurchaseAgreementPage() {
  const q = useQuery(purchaseAgreementQuery());
  const current = useCurrentListing('seller');
  const { progress } = useJourney();
  const download = useDownloadPurchaseAgreement();
  const afterUpload = useAfterSignedUpload();
  const remove = useDeleteSignedAgreement();
  const noListing = current.data?.needsSelection || (current.isSuccess && !current.data?.listing);
  const doc = q.data?.document ?? null;
  const ready = doc && stepState(PURCHASE_AGREEMENT_STEP, progress) === 'current';

  return (
    <StepFrame stepId={PURCHASE_AGREEMENT_STEP} badges={ready ? <Badge tone="success">{PURCHASE_AGREEMENT_TEXT.ready}</Badge> : null}>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadError message="Failed to load data" onRetry={() => void q.refetch()} />
      ) : (
        <div className="bb-stack">
          <SignedAgreement
            texts={TEXTS}
            document={doc}
            missingTitle={PURCHASE_AGREEMENT_TEXT.notAvailableTitle}
            missing={
              <div className="bb-stack">
                <p className="bb-muted">{PURCHASE_AGREEMENT_TEXT.notAvailable}</p>
                <div>
                  <Link className="bb-btn bb-btn--secondary" to={BUYER_ACTIVITY_PATH}>
                    View Buyer Activity
                  </Link>
                </div>
              </div>
            }
            onDownload={(d) => download.mutate(d)}
            downloading={download.isPending}
            uploadNotice={<Alert tone="info">Sign the agreement and upload the signed copy here; your broker or agent is notified.</Alert>}
            uploadPath={noListing ? null : SIGNED_UPLOAD_PATH}
            uploadFields={SIGNED_FIELDS}
            onUploaded={afterUpload}
            signedCopies={q.data.signedCopies}
            onDelete={(d) => remove.mutateAsync(d)}
          />
        </div>
      )}
    </StepFrame>
  );
}
