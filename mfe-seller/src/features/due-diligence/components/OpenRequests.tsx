import { Card, Loading } from '@brokerage/ui';
import { LoadError } from '@brokerage/ui/portal';
import type { SellerDueDiligenceRequests } from '@brokerage/contracts/due-diligence';
import type { UseQueryResult } from '@tanstack/react-query';

const buyers = (n: number) => (n === 1 ? '1 buyer is waiting' : `${n} buyers are waiting`);
const files = (n: number) => (n === 0 ? 'no file from you yet' : n === 1 ? '1 file from you' : `${n} files from you`);

/** The documents buyers of the listing have requested and not received yet (no buyer identities). */
export function OpenRequests({ q }: { q: UseQueryResult<SellerDueDiligenceRequests> }) {
  return (
    <Card title="Open requests from buyers">
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadError message="Failed to load data" onRetry={() => void q.refetch()} />
      ) : q.data.requests.length === 0 ? (
        <p className="bb-muted" role="status">
          No open requests from buyers.
        </p>
      ) : (
        <ul aria-label="Open requests from buyers">
          {q.data.requests.map((r) => (
            <li key={r.documentName}>
              <strong>{r.documentName}</strong>: {buyers(r.pendingBuyers)}, {files(r.sellerFiles)}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
