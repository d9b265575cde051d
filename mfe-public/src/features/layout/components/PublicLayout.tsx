import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { FIRM, FIRM_ADDRESS_LINE, OFFICE_CITIES } from '../../../content';
import { MainNav } from './MainNav';
import { CallbackButton } from '../../callback';

function Logo() {
  return (
    <Link to="/" className="pub-logo">
      <svg width="34" height="34" viewBox="0 0 34 34" aria-hidden="true">
        <rect width="34" height="34" rx="7" fill="#1e3a5f" />
        <path d="M5 25l8-11 5 6 4-5 7 10z" fill="#e3b45a" />
      </svg>
      <span className="pub-logo-text">
        <strong>{FIRM.shortName}</strong>
        <small> Business Brokers</small>
      </span>
    </Link>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="pub-root">
      <a href="#pub-main" className="pub-skip">Skip to main content</a>
      <div className="pub-topbar">
        <nav className="pub-container pub-topbar-inner" aria-label="Quick links">
          <a href={FIRM.phoneHref} className="pub-topbar-phone">
            <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
              <path fill="currentColor" d="M6.6 10.8a15.1 15.1 0 006.6 6.6l2.2-2.2a1 1 0 011-.25 11.4 11.4 0 003.6.57 1 1 0 011 1V20a1 1 0 01-1 1A17 17 0 013 4a1 1 0 011-1h3.5a1 1 0 011 1c0 1.25.2 2.45.57 3.57a1 1 0 01-.25 1z" />
            </svg>
            <span className="pub-sr-only">Call us: </span>
            {FIRM.phone}
          </a>
          <span className="pub-topbar-links">
            <Link to="/registration">Registration</Link>
            <Link to="/nda">NDA</Link>
          </span>
        </nav>
      </div>
      <header className="pub-header">
        <div className="pub-container pub-header-inner">
          <Logo />
          <MainNav />
        </div>
      </header>
      <main id="pub-main" tabIndex={-1}>
        <Suspense fallback={<div className="pub-loading" role="status">Loading…</div>}>{children}</Suspense>
      </main>
      <footer className="pub-footer" data-build={process.env.MFE_BUILD_TAG}>
        <div className="pub-container pub-footer-grid">
          <div>
            <p className="pub-footer-name">{FIRM.name}</p>
            <address>
              {FIRM_ADDRESS_LINE}
              <br />
              <a href={FIRM.phoneHref}>{FIRM.phone}</a>
              <br />
              <a href={`mailto:${FIRM.email}`}>{FIRM.email}</a>
            </address>
          </div>
          <div>
            <p className="pub-footer-head">Offices</p>
            <p>{OFFICE_CITIES.join(' · ')}</p>
          </div>
          <div>
            <p className="pub-footer-head">Explore</p>
            <ul className="pub-footer-links">
              <li><Link to="/selling/your-business">Selling</Link></li>
              <li><Link to="/buying/business">Buying</Link></li>
              <li><Link to="/blog">Blog</Link></li>
              <li><Link to="/contact">Contact</Link></li>
            </ul>
          </div>
        </div>
        <div className="pub-container pub-footer-legal">
          {/* Prerendered at build time: the year may have turned since. */}
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {FIRM.name}. {FIRM.licence}.
        </div>
      </footer>
      <CallbackButton />
    </div>
  );
}
