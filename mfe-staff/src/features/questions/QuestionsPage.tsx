import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { Button } from '@brokerage/ui';
import { QuestionsPanel } from '@brokerage/ui/portal';
import { useStaffArea } from '../../api';
import { listingQuery } from '../listings';

/**
 * /{area}/listings/{listingId}/questions: the listing's due-diligence Q&A (issue 24 §3): every buyer's question with
 * its asker, state and history; route to the seller, answer, merge duplicates, release to the asker or to all buyers.
 */
export function QuestionsPage() {
  const area = useStaffArea();
  const navigate = useNavigate();
  const { listingId = '' } = useParams();
  const listing = useQuery(listingQuery(area, listingId));
  const title = listing.data?.listing.title;
  return (
    <div className="bb-stack">
      <div>
        <Button size="sm" variant="secondary" onClick={() => void navigate(-1)}>
          Back
        </Button>
      </div>
      <div>
        <h1>Questions</h1>
        {title && <p className="bb-muted" style={{ margin: '0.25rem 0 0' }}>{title}</p>}
      </div>
      <QuestionsPanel listingId={listingId} role={area} title={title ? `Questions on ${title}` : 'Questions'} />
    </div>
  );
}
