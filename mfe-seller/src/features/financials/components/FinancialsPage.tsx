import { StepUploads } from '@brokerage/ui/portal';
import { FINANCIALS_LIST_PATH, FINANCIALS_REQUESTED, FINANCIALS_STEP } from '../api';

/**
 * Seller step 5 (id 4), Upload Docs: several files, the list with delete, and the 9 requested documents. Each upload
 * may say which requested document it is ("Document type"); an item is ticked once a file carries it. The first
 * upload completes the step (spec part 2 §4): there is no Mark Complete here.
 */
export function FinancialsPage() {
  return (
    <StepUploads
      stepId={FINANCIALS_STEP}
      title="Upload Docs"
      intro="Upload your business's financial documents for your broker."
      documentType="FINANCIAL_DOCUMENTS"
      listPath={FINANCIALS_LIST_PATH}
      uploadLabel="Upload financial documents"
      listLabel="Uploaded financial documents"
      requested={FINANCIALS_REQUESTED}
    />
  );
}
