import { Checklist } from '@brokerage/ui/portal';
import type { ClientKind } from '../api/progress';

/**
 * Spec part 3 §2: below the panels the shared checklist shows for the broker or agent as their own role, always; a
 * viewer who is neither sees it as the client (seller or buyer) once the client's current step is 8 or more. The
 * viewer's role comes from the path prefix (/broker/ or /agent/). Null: no checklist.
 */
export function checklistRoleFor(viewer: string, kind: ClientKind, clientCurrentStep: number | undefined): string | null {
  const v = viewer.toLowerCase();
  if (v === 'broker' || v === 'agent') return v.toUpperCase();
  if (clientCurrentStep !== undefined && clientCurrentStep >= 8) return kind === 'sellers' ? 'SELLER' : 'BUYER';
  return null;
}

export function ChecklistSection({ viewer, kind, listingId, clientCurrentStep }: {
  viewer: string;
  kind: ClientKind;
  listingId: string;
  clientCurrentStep: number | undefined;
}) {
  const role = checklistRoleFor(viewer, kind, clientCurrentStep);
  return role ? <Checklist listingId={listingId} role={role} /> : null;
}
