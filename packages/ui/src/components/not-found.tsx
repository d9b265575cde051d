import { Link } from 'react-router-dom';

/** The not-found page (unknown routes). `homeTo` points at the area's home. */
export function NotFound({ homeTo = '/', homeLabel = 'Go to the home page' }: { homeTo?: string; homeLabel?: string }) {
  return (
    <div className="bb-page-message" data-testid="not-found">
      <p className="bb-muted" style={{ fontSize: '3rem', margin: 0, fontFamily: 'var(--bb-font-serif)' }}>
        404
      </p>
      <h1>Page not found</h1>
      <p className="bb-muted">The page you are looking for does not exist or has moved.</p>
      <Link className="bb-btn bb-btn--primary" to={homeTo}>
        {homeLabel}
      </Link>
    </div>
  );
}
