import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

import { ROLE_HOME, normalizeRole, useSession, type Role } from '@brokerage/api-client';
import { useRestorePhase } from './session-gate';
import { AreaLoading } from './frame-skeleton';

/**
 * Role areas: anonymous → /login, carrying the page asked for (`state.from`: path, query and hash) so that sign-in can
 * return to it (deviation 8; LoginPage checks it with signInDestination); a signed-in user of another role → their own
 * home (ROLE_HOME).
 * While the start-up session check runs, the area waits (no calls that would 401 half-way through a restore).
 */
export function RoleGuard({ allow, children }: { allow: Role[]; children: ReactNode }) {
  const user = useSession((s) => s.user);
  const phase = useRestorePhase((s) => s.phase);
  const location = useLocation();
  if (!user || !user.id) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
  const role = normalizeRole(user.role);
  if (!role) return <Navigate to="/login" replace />;
  if (!allow.includes(role)) return <Navigate to={ROLE_HOME[role]} replace />;
  // the area's frame as the gateway served it (sidebar, heading), not a blank page, while the session is checked
  if (phase !== 'done') return <AreaLoading label="Checking your session..." />;
  return <>{children}</>;
}
