import { StepUploads } from '@brokerage/ui/portal';
import { UPLOAD_DOCS_LIST_PATH, UPLOAD_DOCS_REQUESTED, UPLOAD_DOCS_STEP, isOwnUpload } from '../api';

/**
 * Buyer step 6 (id 5), Upload Docs: the buyer's own documents (loan pre-approval, proof of funds…), the list with
 * delete, and the 10 requested documents as guidance, each ticked once one of the buyer's files is tagged with it.
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
      requested={UPLOAD_DOCS_REQUESTED}
    />
  );
}
