import { Alert, Button, Card, DocumentList, FileUpload, Loading, LoadError, StepFrame, formatDateTime, useCurrentListing } from '@brokerage/ui';
import {
  AGREEMENT_STEP,
  AGREEMENT_TEXT,
  SIGNED_FIELDS,
  SIGNED_UPLOAD_PATH,
  useAfterSignedUpload,
  useDeleteSignedCopy,
  useDownloadAgreement,
  useListingAgreement,
} from '../api';

/** Spec part 2 §2, §9: the agreement's terms, shown as text. */
const TERMS = [
  'Exclusive business listing agreement with the brokerage.',
  'Term: 6 months, renewable.',
  'Commission: 10% of the final sale price, due only at closing.',
  'No upfront fees.',
] as const;

/**
 * Seller step 3 (id 2), Listing Agreement: download the agreement the broker or agent prepared, sign it, upload the
 * signed copy (.pdf .doc .docx); the upload completes the step and enables Next.
 */
export function ListingAgreementPage() {
  const q = useListingAgreement();
  const current = useCurrentListing('seller');
  const download = useDownloadAgreement();
  const afterUpload = useAfterSignedUpload();
  const remove = useDeleteSignedCopy();
  const noListing = current.data?.needsSelection || (current.isSuccess && !current.data?.listing);
  const doc = q.data?.document ?? null;

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
          <Card title="1. Download the listing agreement">
            {doc ? (
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
                    Download Listing Agreement
                  </Button>
                </div>
              </div>
            ) : (
              <Alert tone="info">{AGREEMENT_TEXT.none}</Alert>
            )}
          </Card>
          <Card title="2. Upload the signed agreement">
            <div className="bb-stack">
              <Alert tone="warning">Please upload the signed copy within 48 hours.</Alert>
              <FileUpload
                label="Upload signed listing agreement"
                purpose="AGREEMENT"
                path={noListing ? null : SIGNED_UPLOAD_PATH}
                fields={SIGNED_FIELDS}
                onUploaded={afterUpload}
              />
              <DocumentList
                label="Your signed copies"
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
