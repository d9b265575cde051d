export { SignedAgreement, providedByText, type SignedAgreementProps, type SignedAgreementTexts } from './signed-agreement.js';
export { useAgreementDownload, useSignedCopyStored, type AgreementDownloadTexts, type DownloadTarget } from './agreement-hooks.js';
