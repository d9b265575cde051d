import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/PageTitle';
import { BUYER_FAQS, FIRM, SELLER_FAQS, type Faq } from '../../../content';

/**
 * Accordion built on <details>/<summary>: each item opens and closes on its own, so several can be open at once,
 * and keyboard and screen-reader support comes from the browser.
 */
function Accordion({ items }: { items: Faq[] }) {
  return (
    <div className="pub-accordion">
      {items.map((f) => (
        <details key={f.question} className="pub-accordion-item">
          <summary>
            <span>{f.question}</span>
            <svg className="pub-caret" width="14" height="9" viewBox="0 0 10 6" aria-hidden="true">
              <path d="M1 1l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </summary>
          <div className="pub-accordion-body">
            {f.answer.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}

/** One FAQ page: its header, the questions and a closing call to action. */
function FaqPage({ title, lead, items, callout }: { title: string; lead: string; items: Faq[]; callout: ReactNode }) {
  return (
    <>
      <PageHeader docTitle={title} title={title} lead={lead} />
      <section className="pub-section">
        <div className="pub-container pub-narrow">
          <Accordion items={items} />
          <p className="pub-callout">{callout}</p>
        </div>
      </section>
    </>
  );
}

export function SellerFaqPage() {
  return (
    <FaqPage
      title="Seller FAQs"
      lead="Answers to the questions owners ask us most before selling."
      items={SELLER_FAQS}
      callout={
        <>
          Still deciding? Call the broker at <a href={FIRM.phoneHref}>{FIRM.phone}</a> for a confidential conversation.
        </>
      }
    />
  );
}

export function BuyerFaqPage() {
  return (
    <FaqPage
      title="Buyer FAQs"
      lead="What to expect when you buy a California business through us."
      items={BUYER_FAQS}
      callout={
        <>
          Ready to look at a listing? <Link to="/buying/nda">Sign the buyer NDA</Link> to get started.
        </>
      }
    />
  );
}
