import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import { BUYER_FAQS, FIRM, SELLER_FAQS } from '../src/content';
import { BuyerFaqPage, SellerFaqPage } from '../src/features/faqs/components/FaqPage';
import { renderAt } from '../../packages/ui/test/remote-harness';

// The seller and buyer FAQ pages (one FaqPage): each its heading, title, lead, every question and its own closing line.
const PAGES: Array<{ title: string; page: ReactElement; path: string; lead: string; faqs: typeof SELLER_FAQS; callout: string; link: [string, string] }> = [
  {
    title: 'Seller FAQs', page: <SellerFaqPage />, path: '/selling/faqs', lead: 'Answers to the questions owners ask us most before selling.', faqs: SELLER_FAQS,
    callout: `Still deciding? Call the broker at ${FIRM.phone} for a confidential conversation.`, link: [FIRM.phone, FIRM.phoneHref],
  },
  {
    title: 'Buyer FAQs', page: <BuyerFaqPage />, path: '/buying/faqs', lead: 'What to expect when you buy a California business through us.', faqs: BUYER_FAQS,
    callout: 'Ready to look at a listing? Sign the buyer NDA to get started.', link: ['Sign the buyer NDA', '/buying/nda'],
  },
];

describe('FAQ pages', () => {
  test.each(PAGES)('$title: heading, title, lead, every question, its closing line', ({ title, page, path, lead, faqs, callout, link }) => {
    const { container } = renderAt(page, path);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(document.title).toBe(`${title} | ${FIRM.name}`);
    expect(screen.getByText(lead)).toHaveClass('pub-lead');
    expect([...container.querySelectorAll('details summary')].map((s) => s.textContent)).toEqual(faqs.map((f) => f.question));
    expect(container.querySelector('.pub-callout')).toHaveTextContent(callout);
    expect(screen.getByRole('link', { name: link[0] })).toHaveAttribute('href', link[1]);
  });
});
