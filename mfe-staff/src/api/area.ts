import { useLocation } from 'react-router-dom';

export type StaffArea = 'broker' | 'agent';

/** The staff area comes from the path prefix (/broker/… or /agent/…); the shell's role guard has checked the role. */
export function useStaffArea(): StaffArea {
  const { pathname } = useLocation();
  return pathname.startsWith('/agent') ? 'agent' : 'broker';
}
