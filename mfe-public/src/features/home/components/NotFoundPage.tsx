import { Link } from 'react-router-dom';
import { useDocTitle } from '../../../components/PageTitle';
import { FIRM } from '../../../content';

export default function NotFoundPage() {
  useDocTitle('Page not found');
  return (
    <section className="pub-section pub-notfound">
      <div className="pub-container pub-narrow">
        <p className="pub-eyebrow">Error 404</p>
        <h1>We couldn’t find that page</h1>
        <p className="pub-lead">The page may have moved, or the address may be mistyped.</p>
        <div className="pub-actions">
          <Link to="/" className="pub-btn pub-btn-primary">Back to Home</Link>
          <Link to="/contact" className="pub-btn pub-btn-outline">Contact us</Link>
        </div>
        <p className="pub-muted">Or call us at <a href={FIRM.phoneHref}>{FIRM.phone}</a>.</p>
      </div>
    </section>
  );
}
