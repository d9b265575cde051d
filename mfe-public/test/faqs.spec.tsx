import { screen } from '@testing-library/react';
import { BUYER_FAQS, FIRM, SELLER_FAQS } from '../src/content';
import { BuyerFaqPage, SellerFaqPage } from '../src/features/faqs/components/FaqPage';
import { renderAt } from '../../packages/ui/test/remote-harness';

// The seller and buyer FAQ pages (one FaqPage): each its heading, title, lead, every question and its own closing line.
describe('FAQ pages', () => {
  test('Seller FAQs: heading, title, lead, every question, the call-the-broker line', () => {
    const { container } = renderAt(<SellerFaqPage />, '/selling/faqs');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Seller FAQs');
    expect(document.title).toBe(`Seller FAQs | ${FIRM.name}`);
    expect(screen.getByText('Answers to the questions owners ask us most before selling.')).toHaveClass('pub-lead');
    expect([...container.querySelectorAll('details summary')].map((s) => s.textContent)).toEqual(SELLER_FAQS.map((f) => f.question));
    expect(container.querySelector('.pub-callout')).toHaveTextContent(`Still deciding? Call the broker at ${FIRM.phone} for a confidential conversation.`);
    expect(screen.getByRole('link', { name: FIRM.phone })).toHaveAttribute('href', FIRM.phoneHref);
  });

  test('Buyer FAQs: heading, title, lead, every question, the sign-the-NDA line', () => {
    const { container } = renderAt(<BuyerFaqPage />, '/buying/faqs');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Buyer FAQs');
    expect(document.title).toBe(`Buyer FAQs | ${FIRM.name}`);
    expect(screen.getByText('What to expect when you buy a California business through us.')).toHaveClass('pub-lead');
    expect([...container.querySelectorAll('details summary')].map((s) => s.textContent)).toEqual(BUYER_FAQS.map((f) => f.question));
    expect(container.querySelector('.pub-callout')).toHaveTextContent('Ready to look at a listing? Sign the buyer NDA to get started.');
    expect(screen.getByRole('link', { name: 'Sign the buyer NDA' })).toHaveAttribute('href', '/buying/nda');
  });
});
