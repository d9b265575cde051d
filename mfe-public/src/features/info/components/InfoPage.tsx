import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/PageTitle';
import { BUYING, FIRM, SELLING } from '../../../content';
import sellingImg from '../../../assets/selling.svg';
import buyingImg from '../../../assets/buying.svg';

export function SellingPage() {
  return (
    <>
      <PageHeader docTitle={SELLING.title} title={SELLING.title} lead={SELLING.intro} />
      <section className="pub-section">
        <div className="pub-container pub-split">
          <div className="pub-prose">
            <div className="pub-notice" role="note">
              <strong>Sellers, call the broker first.</strong> {SELLING.callBroker}{' '}
              <a href={FIRM.phoneHref}>Call {FIRM.phone}</a>
            </div>
            {SELLING.sections.map((s) => (
              <div key={s.heading}>
                <h2>{s.heading}</h2>
                <p>{s.text}</p>
              </div>
            ))}
            <div className="pub-actions">
              <Link to="/selling/faqs" className="pub-btn pub-btn-outline">Seller FAQs</Link>
              <Link to="/contact" className="pub-btn pub-btn-primary">Contact a broker</Link>
            </div>
          </div>
          <img src={sellingImg} alt={SELLING.imageAlt} className="pub-illustration" width="480" height="320" />
        </div>
      </section>
    </>
  );
}

export function BuyingPage() {
  return (
    <>
      <PageHeader docTitle={BUYING.title} title={BUYING.title} lead={BUYING.intro} />
      <section className="pub-section">
        <div className="pub-container pub-split">
          <div className="pub-prose">
            {BUYING.sections.map((s) => (
              <div key={s.heading}>
                <h2>{s.heading}</h2>
                <p>{s.text}</p>
              </div>
            ))}
            <div className="pub-actions">
              <Link to="/buying/nda" className="pub-btn pub-btn-primary">Sign the NDA</Link>
              <Link to="/buying/faqs" className="pub-btn pub-btn-outline">Buyer FAQs</Link>
            </div>
          </div>
          <img src={buyingImg} alt={BUYING.imageAlt} className="pub-illustration" width="480" height="320" />
        </div>
      </section>
    </>
  );
}
