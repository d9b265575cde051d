import { useContext, useState, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@brokerage/api-client';
import { AreaFrame } from '@brokerage/ui/portal';
import { useStaffArea } from './api';
import { navItemsFor } from './nav';
import { StaffRoutes } from './routes/StaffRoutes';
import './styles.css';

const BUILD_TAG = process.env.MFE_BUILD_TAG;

/** The shell provides the QueryClient; this fallback only matters when the remote is mounted without one. */
function QueryFallback({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  const [client] = useState(() => (existing ? null : createQueryClient()));
  return client ? <QueryClientProvider client={client}>{children}</QueryClientProvider> : <>{children}</>;
}

/**
 * Root of the staff area. The shell mounts it at /broker/* and at /agent/*; the role comes from the path prefix
 * (the shell's role guard has already checked that it is the signed-in user's own role).
 */
export default function StaffApp() {
  const area = useStaffArea();
  return (
    <QueryFallback>
      <AreaFrame
        areaLabel={area === 'agent' ? 'Agent Portal' : 'Broker Portal'}
        defaultName={area === 'agent' ? 'Agent' : 'Broker'}
        buildTag={BUILD_TAG}
        navItems={navItemsFor(area)}
      >
        <StaffRoutes area={area} />
      </AreaFrame>
    </QueryFallback>
  );
}
