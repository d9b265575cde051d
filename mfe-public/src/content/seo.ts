import { FIRM } from './firm';

/**
 * The public pages that are prerendered and listed in sitemap.xml, with their search-engine description
 * (the <title> comes from each page's own useDocTitle/PageHeader).
 */
export interface SeoPage {
  path: string;
  description: string;
  /** Served without its prerendered markup when the URL has one of these query parameters (other first render). */
  skipWithQuery?: string[];
}

const cities = 'Sacramento, San Francisco, San Jose, Los Angeles and San Diego';

export const SEO_PAGES: SeoPage[] = [
  { path: '/', description: `${FIRM.name}: a California business brokerage. Sell your business confidentially or buy an established one with an experienced broker.` },
  { path: '/about', description: `About ${FIRM.name}: the firm's story and team, led by a broker with ${FIRM.yearsExperience} years of experience, with offices in ${cities}.` },
  { path: '/selling/your-business', description: 'Selling a California business: valuation, confidential marketing, qualified buyers and the steps to closing.' },
  { path: '/selling/faqs', description: 'Seller FAQs: how long a business sale takes, down payments, confidentiality and what to prepare.' },
  { path: '/buying/business', description: 'Buying a California business: find established companies with real cash flow, financing and due diligence with a broker.' },
  { path: '/buying/faqs', description: 'Buyer FAQs: financing, the non-disclosure agreement, due diligence and how to make an offer.' },
  { path: '/buying/nda', description: 'Sign the buyer non-disclosure agreement to see confidential listing details and create your buyer account.' },
  { path: '/nda', description: 'Sign the buyer non-disclosure agreement to see confidential listing details and create your buyer account.' },
  { path: '/contact', description: `Contact ${FIRM.name}: offices in ${cities}. Mon-Fri 9:00 AM-6:00 PM, Saturday by appointment.` },
  { path: '/blog', description: 'Articles on selling and buying a small business in California: valuation, leases, loans, confidentiality and closing.' },
  { path: '/login', description: `Sign in to the ${FIRM.name} client portal.` },
  { path: '/registration', description: `Register as a buyer or a seller with ${FIRM.name}.` },
  { path: '/reset-password', description: `Reset your ${FIRM.name} client portal password.`, skipWithQuery: ['token'] },
];
