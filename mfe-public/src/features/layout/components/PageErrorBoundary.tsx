import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from 'react-error-boundary';
import { Button } from '@brokerage/ui';
import { FIRM } from '../../../content';

function PageError() {
  return (
    <section className="pub-section">
      <div className="pub-container pub-narrow" role="alert">
        <h1>This page could not be displayed</h1>
        <p className="pub-lead">Please reload the page. If the problem continues, call us at {FIRM.phone}.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </section>
  );
}

/**
 * Catches a failed page chunk (e.g. a deploy replaced the files) or a render error inside the public pages, keeping
 * the frame (menu, footer) usable; going to another page tries again. Reloading fetches fresh chunks.
 */
export function PublicErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={PageError} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}
