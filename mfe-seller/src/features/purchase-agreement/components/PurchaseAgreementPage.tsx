import { Link } from 'react-router-dom';
import {
  Alert,
  Badge,
  Button,
  Card,
  DocumentList,
  FileUpload,
  Loading,
  LoadError,
  StepFrame,
  formatDateTime,
  stepState,
  useCurrentListing,
  useJourney,
} from '@brokerage/ui';
import {
  BUYER_ACTIVITY_PATH,
  PURCHASE_AGREEMENT_STEP,
  PURCHASE_AGREEMENT_TEXT,
  SIGNED_FIELDS,
  SIGNED_UPLOAD_PATH,
  useAfterSignedUpload,
  useDeleteSignedAgreement,
  useDownloadPurchaseAgreement,
  usePurchaseAgreement,
} from '../api';

/**
 * Seller step 7 (id 6), Purchase Agreement: download the agreement the broker (else the agent) provided, upload the
 * signed copy (.pdf .doc .docx); without one "Purchase Agreement Not Available Yet" and View Buyer Activity; the badge
 * "Agreement Ready" while the step is current and an agreement exists.
 */
export function PurchaseAgreementPage() {
  const q = usePurchaseAgreement();
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
          {doc ? (
            <Card title="1. Download the purchase agreement">
              <div className="bb-stack">
                <p>
                  <strong>{doc.fileName}</strong>
                  <br />
                  <span className="bb-muted">
                    Provided by: {doc.uploader.name} ({doc.uploader.role}) · {formatDateTime(doc.uploadedAt)}
                  </span>
                </p>
                <div>
                  <Button onClick={() => download.mutate(doc)} loading={download.isPending}>
                    Download Purchase Agreement
                  </Button>
                </div>
              </div>
            </Card>
          ) : (
            <Card title={PURCHASE_AGREEMENT_TEXT.notAvailableTitle}>
              <div className="bb-stack">
                <p className="bb-muted">{PURCHASE_AGREEMENT_TEXT.notAvailable}</p>
                <div>
                  <Link className="bb-btn bb-btn--secondary" to={BUYER_ACTIVITY_PATH}>
                    View Buyer Activity
                  </Link>
                </div>
              </div>
            </Card>
          )}
          <Card title="2. Upload the signed purchase agreement">
            <div className="bb-stack">
              <Alert tone="info">Sign the agreement and upload the signed copy here; your broker or agent is notified.</Alert>
              <FileUpload
                label="Upload signed purchase agreement"
                purpose="AGREEMENT"
                path={noListing ? null : SIGNED_UPLOAD_PATH}
                fields={SIGNED_FIELDS}
                onUploaded={afterUpload}
              />
              <DocumentList
                label="Your signed purchase agreements"
                documents={q.data.signedCopies}
                empty="No signed copy uploaded yet."
                confirm="file"
                onDelete={(d) => remove.mutateAsync(d)}
              />
            </div>
          </Card>
        </div>
      )}
    </StepFrame>
  );
}
