import { DOCUMENT_MSG } from '@brokerage/contracts/documents';
import { Alert, Loading } from '@brokerage/ui';
import { useCurrentListing } from '../components/journey-hooks.js';
import type { JourneyArea } from '../components/journey.js';
import { LoadError } from '../components/page-kit.js';
import { QuestionsPanel } from './questions-panel.js';
import { QUESTIONS_TEXT } from './questions-text.js';

const INTRO: Record<JourneyArea, string> = {
  buyer: 'Ask about a due-diligence document or the business in general. Answers your broker or agent releases appear here.',
  seller: 'Buyers\' questions your broker or agent sent you to answer.',
};

/**
 * The seller's and buyer's Questions screen (/seller/questions, /buyer/questions; a JourneyPortal extra screen): the
 * Q&A of the selected listing. A buyer before their NDA sees the lock (the read answers 409).
 */
export function QuestionsScreen({ area }: { area: JourneyArea }) {
  const current = useCurrentListing(area);
  const listing = current.data?.listing ?? null;
  return (
    <div className="bb-stack">
      <div>
        <h1>Questions</h1>
        <p className="bb-muted">{listing ? `${listing.title}. ${INTRO[area]}` : INTRO[area]}</p>
      </div>
      {current.isPending ? (
        <Loading />
      ) : current.isError ? (
        <LoadError message="Failed to load data" onRetry={() => void current.refetch()} error={current.error} />
      ) : !listing || current.data?.needsSelection ? (
        <Alert tone="warning">{DOCUMENT_MSG.noListing}</Alert>
      ) : (
        <QuestionsPanel listingId={listing.id} role={area} title={area === 'seller' ? QUESTIONS_TEXT.sellerTitle : QUESTIONS_TEXT.buyerTitle} />
      )}
    </div>
  );
}
