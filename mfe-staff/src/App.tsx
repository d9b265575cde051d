import { Route, Routes, useLocation } from 'react-router-dom';
import { AreaFrame, NotFound } from '@brokerage/ui';
import { navItemsFor, pagesFor, type StaffRole } from './nav';
import { Placeholder } from './routes/Placeholder';

const BUILD_TAG = process.env.MFE_BUILD_TAG;

/**
 * Root of the staff area. The shell mounts it at /broker/* and at /agent/*; the role comes from the path prefix
 * (the shell's role guard has already checked that it is the signed-in user's own role).
 */
export default function StaffApp() {
  const { pathname } = useLocation();
  const role: StaffRole = pathname.startsWith('/agent') ? 'agent' : 'broker';
  const pages = pagesFor(role);
  return (
    <AreaFrame
      areaLabel={role === 'agent' ? 'Agent Portal' : 'Broker Portal'}
      defaultName={role === 'agent' ? 'Agent' : 'Broker'}
      buildTag={BUILD_TAG}
      navItems={navItemsFor(role)}
    >
      <Routes>
        {pages.map((p) =>
          p.path === '' ? (
            <Route key="home" index element={<Placeholder page={p} />} />
          ) : (
            <Route key={p.path} path={p.path} element={<Placeholder page={p} />} />
          ),
        )}
        <Route path="*" element={<NotFound homeTo={`/${role}`} homeLabel="Back to your dashboard" />} />
      </Routes>
    </AreaFrame>
  );
}
