import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Button } from '@brokerage/ui';
import { AreaLoading } from './frame-skeleton';
import { loadRemoteApp, resetRemote, type RemoteName } from './remotes';

export const REMOTE_UNAVAILABLE = 'This part of the site is unavailable right now.';

/**
 * Marks <html data-remote-ready="<name>"> once the remote's tree is committed (a prerendered page: hydrated), for
 * tests and monitoring. Renders its children as they are: no element, so the prerendered markup still matches.
 */
function Ready({ name, children }: { name: RemoteName; children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.remoteReady = name;
  }, [name]);
  return children;
}

/**
 * Mounts one remote's root component inside its own error boundary: a remote that fails to load (or throws while
 * rendering) degrades only its area. Retry builds a fresh lazy component (React.lazy remembers a failure) under a
 * new key, after forcing the MF runtime to forget the failed remote.
 */
export function RemoteArea({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const [retrying, setRetrying] = useState(false);
  const Area = useMemo(() => lazy(() => loadRemoteApp(name)), [name, attempt]);

  const retry = async () => {
    setRetrying(true);
    try {
      if (attempt >= 0) await resetRemote(name).catch(() => undefined);
    } finally {
      setRetrying(false);
      setAttempt((a) => a + 1);
    }
  };

  return (
    <ErrorBoundary
      key={attempt}
      onError={(e) => console.error(`[shell] remote ${name} failed`, e)}
      fallbackRender={() => (
        <div className="bb-page-message" role="alert" data-remote={name}>
          <h1>{REMOTE_UNAVAILABLE}</h1>
          <p className="bb-muted">Please check your connection and try again in a moment.</p>
          <div className="bb-row" style={{ justifyContent: 'center' }}>
            <Button onClick={retry} loading={retrying}>
              Retry
            </Button>
            <a className="bb-btn bb-btn--secondary" href="/">
              Go to the home page
            </a>
          </div>
        </div>
      )}
    >
      <Suspense fallback={<AreaLoading />}>
        <Ready name={name}>
          <Area />
        </Ready>
      </Suspense>
    </ErrorBoundary>
  );
}
