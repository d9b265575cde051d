import { Alert, Button, Card, Loading } from '@brokerage/ui';
import { LoadError, SignedAgreement, StepFrame, useCurrentListing } from '@brokerage/ui/portal';
import {
  CONTRACT_STEP,
  CONTRACT_TEXT,
  signedContractPath,
  useAfterSignedContract,
  useDeleteSignedContract,
  useDownloadContract,
  purchaseContractQuery,
} from '../api';
import { useQuery } from '@tanstack/react-query';
import './purchase-contract.css';

/** Spec part 2 §2 / part 3 §2: the contract overview. */
const OVERVIEW: Array<[string, string]> = [
  ['Contract Type', 'Business Purchase Agreement'],
  ['Financing', 'As per loan approval'],
  ['Due Diligence', '30 days from signing'],
  ['Closing', '45-60 days typical'],
];

const KEY_TERMS = [
  'Purchase price: the agreed price for the business and its assets.',
  'Payment terms: down payment, financing and any seller carry-back.',
  'Contingencies: financing approval, due diligence and lease assignment.',
  'Closing conditions: what each party delivers before the business changes hands.',
] as const;

const TEXTS = {
  downloadTitle: '1. Download Purchase Contract',
  downloadButton: 'Download Purchase Contract',
  uploadTitle: '2. Upload Signed Contract',
  uploadLabel: 'Upload signed purchase contract',
  listLabel: 'Uploaded Signed Contracts',
  empty: 'No signed contracts uploaded yet.',
} as const;

/**
 * Buyer step 7 (id 6), Purchase Contract: overview and key terms, section 1 the contract the broker or agent provided
 * (or the three "Waiting…" texts), section 2 the signed contract's upload (.pdf .doc .docx) and the list "Uploaded
 * Signed Contracts" (name, date, size in KB/MB, view in a new tab, delete), the legally-binding warning.
 */
export function PurchaseContractPage() {
  const q = useQuery(purchaseContractQuery());
  const current = useCurrentListing('buyer');
  const listingId = current.data?.needsSelection ? null : (current.data?.listing?.id ?? null);
  const download = useDownloadContract();
  const afterUpload = useAfterSignedContract();
  const remove = useDeleteSignedContract();
  const doc = q.data?.document ?? null;
  const signed = (q.data?.signedCopies ?? []).map((d) => ({ ...d, url: `${d.url}?disposition=inline` }));

  return (
    <StepFrame stepId={CONTRACT_STEP}>
      {q.isPending || current.isPending ? (
        <Loading />
      ) : q.isError || (current.isError && !current.data) ? (
        // Without the current listing the download and upload would wrongly say there is no contract / no listing.
        <LoadError message="Failed to load data" onRetry={() => void Promise.all([q.refetch(), current.refetch()])} error={q.error ?? current.error} />
      ) : (
        <div className="bb-stack">
          <Card title="Contract Overview">
            <dl className="pc-overview">
              {OVERVIEW.map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            </dl>
            <h3>Key Terms</h3>
            <ul>
              {KEY_TERMS.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          </Card>
          <SignedAgreement
            texts={TEXTS}
            document={doc}
            missing={
              <div className="bb-stack">
                <p className="pc-waiting">
                  <strong>{CONTRACT_TEXT.waitingStatus}</strong>
                </p>
                <p className="bb-muted">{CONTRACT_TEXT.waitingNote}</p>
                <div>
                  <Button disabled>{CONTRACT_TEXT.waitingButton}</Button>
                </div>
              </div>
            }
            onDownload={(d) => download.mutate({ doc: d, listingId })}
            downloading={download.isPending}
            uploadPath={listingId ? signedContractPath(listingId) : null}
            onUploaded={afterUpload}
            listHeading
            signedCopies={signed}
            sizeStyle="kb-mb"
            onDelete={(d) => remove(d)}
          />
          <Alert tone="warning" title="Important">
            {CONTRACT_TEXT.warning}
          </Alert>
        </div>
      )}
    </StepFrame>
  );
}
