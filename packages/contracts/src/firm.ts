/**
 * Who the firm is: name, phone, e-mail, address and the marketing facts of spec part 1 §1. Shown by the public site,
 * the portals' frames and the e-mails. Change them here and every part follows. Data only (no zod), safe for browsers.
 */
export const FIRM = {
  name: 'Crestline Business Brokers',
  shortName: 'Crestline',
  tagline: 'California business brokerage',
  phone: '(916) 555-0187',
  phoneHref: 'tel:+19165550187',
  email: 'info@crestlinebusinessbrokers.com',
  address: {
    street: '1415 L Street, Suite 820',
    city: 'Sacramento',
    state: 'CA',
    zip: '95814',
  },
  /** Years the principal broker has been closing deals. */
  yearsExperience: '18+',
  fastestClose: 'six weeks',
  averageSale: '5-8 months',
  downPayment: '40 percent of the asking price or less',
  licence: 'California DRE Corporation License #02145873',
} as const;
