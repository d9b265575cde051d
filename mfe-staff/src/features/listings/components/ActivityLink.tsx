import { Link } from 'react-router-dom';
import type { StaffArea } from '../../../api';

/**
 * The link to a listing's Activity page (/{area}/listings/{id}/activity: the buyers' engagement, access and
 * downloads), styled as a small button; its accessible name says which listing ("Activity of Harbour Roastery").
 */
export function ActivityLink({ area, listing, className = 'bb-btn--ghost' }: { area: StaffArea; listing: { id: string; title: string }; className?: string }) {
  return (
    <Link className={`bb-btn ${className} bb-btn--sm`} to={`/${area}/listings/${listing.id}/activity`}>
      Activity<span className="bb-sr-only"> of {listing.title}</span>
    </Link>
  );
}
