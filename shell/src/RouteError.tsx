import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { MSG } from '@brokerage/contracts/messages';

/** Unhandled routing error → the default error page 'Unexpected Application Error!' (spec part 1 §8). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error ?? '');
  return (
    <div className="bb-page-message" role="alert">
      <h1>{MSG.unexpectedAppError}</h1>
      {detail && <p className="bb-muted">{detail}</p>}
      <a className="bb-btn bb-btn--primary" href="/">
        Go to the home page
      </a>
    </div>
  );
}
