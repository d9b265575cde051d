import { Card, StepUploads } from '@brokerage/ui';
import { UPLOAD_DOCS_LIST_PATH, UPLOAD_DOCS_STEP, isOwnUpload } from '../api';

/** Spec part 2 §9: the 10 documents the broker asks a buyer for. */
export const REQUESTED_DOCUMENTS = [
  'Personal financial statement',
  'Bank statements (last 3 months)',
  'Tax returns (last 2 years)',
  'Credit report (recent)',
  'Proof of income or employment letter',
  'Letter of intent',
  'Proof of funds letter from your bank',
  'Corporate documents (if buying through an entity)',
  'Professional references (3)',
  'Resume or background summary',
] as const;

/**
 * Buyer step 6 (id 5), Upload Docs: the buyer's own documents (loan pre-approval, proof of funds…), the list with
 * delete, and the requested documents as guidance (documents carry no tag naming the item they answer).
 */
export function UploadDocsPage() {
  return (
    <StepUploads
      stepId={UPLOAD_DOCS_STEP}
      intro="Upload your documents for the purchase, such as a loan pre-approval and proof of funds."
      documentType="UPLOADED_DOC"
      listPath={UPLOAD_DOCS_LIST_PATH}
      keep={isOwnUpload}
      uploadLabel="Upload your documents"
      listLabel="Your uploaded documents"
    >
      <Card title="Requested documents">
        <p className="bb-muted">Your broker will ask for these documents:</p>
        <ol>
          {REQUESTED_DOCUMENTS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      </Card>
    </StepUploads>
  );
}
