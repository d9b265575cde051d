import { useId, useState } from 'react';
import { Alert } from '@brokerage/ui';
import { FileUpload, formatDateTime } from '@brokerage/ui/portal';
import { apiPath } from '@brokerage/contracts/api/path';
import { NDA_VERIFY_EXTENSIONS, NDA_VERIFY_MSG, type NdaVerifyResponse } from '@brokerage/contracts/ndas';
import type { StaffArea } from '../../../api';

/** What the panel says of a checked copy: the server's answer, its date in the reader's time zone (the portal's format). */
export function verifyNdaText(answer: NdaVerifyResponse): string {
  if (!answer.matches || !answer.signerName || !answer.signedAt) return answer.matches ? answer.message : NDA_VERIFY_MSG.noMatch;
  return NDA_VERIFY_MSG.matches(answer.signerName, formatDateTime(answer.signedAt));
}

/**
 * "Verify an NDA" on the listing's Activity page (issue 24 §1): staff drop or choose a copy of a signed NDA's PDF; the
 * portal compares its SHA-256 with those recorded when the listing's NDAs were filed (nothing is stored) and answers
 * "Matches the NDA signed by … on …" or "Does not match any signed NDA".
 */
export function VerifyNdaPanel({ area, listingId }: { area: StaffArea; listingId: string }) {
  const titleId = useId();
  const [result, setResult] = useState<{ fileName: string; answer: NdaVerifyResponse } | null>(null);
  return (
    <section className="bb-stack" aria-labelledby={titleId}>
      <div>
        <h2 id={titleId} className="staff-activity__title">
          Verify an NDA
        </h2>
        <p className="bb-muted staff-activity__sub">
          Check a copy of a signed NDA's PDF against the NDAs signed on this listing.
        </p>
      </div>
      <FileUpload<NdaVerifyResponse>
        label="Drop or choose the NDA's PDF"
        purpose="AGREEMENT"
        extensions={NDA_VERIFY_EXTENSIONS}
        hint="compared, not stored"
        doneText="Checked"
        multiple={false}
        path={apiPath('POST', `/${area}/listings/:listingId/ndas/verify`, { listingId })}
        onUploaded={(file, answer) => setResult({ fileName: file.name, answer })}
        onFailed={() => setResult(null)}
      />
      {result && (
        <Alert tone={result.answer.matches ? 'success' : 'warning'} title={result.fileName}>
          {verifyNdaText(result.answer)}
        </Alert>
      )}
    </section>
  );
}
