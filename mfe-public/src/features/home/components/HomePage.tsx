import { Link } from 'react-router-dom';
import { FIRM, HOME } from '../../../content';
import { useDocTitle } from '../../../components/PageTitle';
import heroImg from '../../../assets/hero.svg';

const CARD_ICONS = [
  // Sell: tag
  <path key="s" d="M4 12l8-8h8v8l-8 8zM16 8h.01" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />,
  // Buy: key
  <path key="b" d="M14 10a4 4 0 11-1.2-2.8M13 10h9M19 10v3M22 10v2" fill="none" stroke="currentColor" strokeWidth="2" transform="translate(-6 2)" />,
  // Process: steps
  <path key="p" d="M3 20h5v-5h5v-5h5V5h3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />,
];

export default function HomePage() {
  useDocTitle('Selling your business is our business');
  return (
    <>
      <section className="pub-hero">
        <div className="pub-container pub-hero-inner">
          <div className="pub-hero-text">
            <p className="pub-eyebrow">{HOME.eyebrow}</p>
            <h1>{HOME.heroTitle}</h1>
            <p className="pub-lead">{HOME.heroText}</p>
            <div className="pub-actions">
              <Link to="/registration" className="pub-btn pub-btn-accent">GET STARTED</Link>
              <Link to="/about" className="pub-btn pub-btn-ghost-light">ABOUT US</Link>
            </div>
          </div>
          <img src={heroImg} alt="" className="pub-hero-img" width="480" height="320" fetchPriority="high" />
        </div>
      </section>
      <section className="pub-section" aria-labelledby="home-services">
        <div className="pub-container">
          <h2 id="home-services" className="pub-sr-only">How we can help</h2>
          <ul className="pub-stats">
            {HOME.highlights.map((h) => (
              <li key={h.label}>
                <strong>{h.value}</strong>
                <span>{h.label}</span>
              </li>
            ))}
          </ul>
          <div className="pub-cards">
            {HOME.cards.map((c, i) => (
              <article key={c.title} className="pub-card">
                <span className="pub-card-icon">
                  <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">{CARD_ICONS[i]}</svg>
                </span>
                <h3>{c.title}</h3>
                <p>{c.text}</p>
                <Link to="/registration" className="pub-card-link" aria-label={`${c.cta}: ${c.title}`}>
                  {c.cta} <span aria-hidden="true">→</span>
                </Link>
              </article>
            ))}
          </div>
          <p className="pub-callout">
            {HOME.callout} <a href={FIRM.phoneHref}>Call {FIRM.phone}</a>
          </p>
        </div>
      </section>
    </>
  );
}
