import { FIRM } from './firm';

/** Marketing copy of the public pages. */

export const HOME = {
  eyebrow: `${FIRM.tagline} · ${FIRM.yearsExperience} years of experience`,
  heroTitle: 'Selling your business is our business.',
  heroText: `${FIRM.name} helps California owners sell the companies they have built, and helps qualified buyers find their next business. Our principal broker brings ${FIRM.yearsExperience} years of experience to every engagement, and our deals have closed in as little as ${FIRM.fastestClose}.`,
  highlights: [
    { value: FIRM.yearsExperience, label: 'years of experience leading the firm' },
    { value: '6 weeks', label: 'our fastest close from offer to funding' },
    { value: '5', label: 'offices from Sacramento to San Diego' },
  ],
  cards: [
    {
      title: 'Sell a Business',
      text: 'A confidential valuation, a defensible asking price and qualified buyers — without your employees or competitors finding out. Sellers: call the broker first.',
      cta: 'Start selling',
    },
    {
      title: 'Buy a Business',
      text: `Explore established California businesses with real cash flow. Down payments are generally ${FIRM.downPayment}, with SBA and seller financing available.`,
      cta: 'Start buying',
    },
    {
      title: 'Business Sales Process',
      text: 'Eleven clear steps from the first conversation to the closing table, tracked in your client portal with documents and messages in one place.',
      cta: 'See how it works',
    },
  ],
  callout: 'Thinking about selling? Call the broker first for a confidential conversation about value and timing.',
};

export const ABOUT = {
  title: `About ${FIRM.name}`,
  story: [
    `${FIRM.name} was founded in Sacramento by a broker who has spent ${FIRM.yearsExperience} years helping California owners sell their businesses. What began as a one-person practice now serves sellers and buyers from five offices: Sacramento, San Francisco, San Jose, Los Angeles and San Diego.`,
    'We represent owner-operated companies — restaurants, service and trade businesses, distributors, light manufacturers and franchise locations — typically with annual sales between $500,000 and $10 million. These are businesses where the owner’s life’s work is on the line, and where confidentiality and a realistic price matter more than volume.',
    `Our approach is simple: prepare the business properly, price it on documented earnings, market it confidentially and qualify every buyer before they learn its name. With that preparation our deals have closed in as little as ${FIRM.fastestClose}; the average sale takes ${FIRM.averageSale}.`,
    'Our client portal lets sellers and buyers follow each of the eleven steps of their transaction, exchange messages with their broker and share documents securely, at any hour.',
  ],
  teamTitle: 'Our Team',
  teamIntro: 'Select a team member to read their full profile.',
};

export const SELLING = {
  title: 'Selling Your Business',
  intro: `Selling a business is usually a once-in-a-lifetime event. For more than ${FIRM.yearsExperience} years our principal broker has guided California owners through it — confidentially, at a price the market and lenders will support.`,
  callBroker: `Please call the broker at ${FIRM.phone} before registering online: your broker may already have opened a file and registered you in the client portal.`,
  sections: [
    {
      heading: 'A price you can defend',
      text: 'We recast your financial statements to show true owner earnings, compare them with recent sales of similar California businesses and with what lenders will finance, and give you a written opinion of value before anything goes to market.',
    },
    {
      heading: 'Confidential marketing',
      text: 'Your business is advertised without its name or address. Buyers sign a non-disclosure agreement and are qualified before they learn who you are, and they may contact you only through us.',
    },
    {
      heading: 'Qualified buyers, fewer surprises',
      text: `Down payments are generally ${FIRM.downPayment}. We check each buyer’s funds, experience and financing before introducing them, and we package your listing for SBA lenders so underwriting moves quickly.`,
    },
    {
      heading: 'From offer to closing',
      text: `We negotiate the offer, coordinate due diligence, the lease assignment, licences and escrow, and keep every document in your portal. An average sale takes ${FIRM.averageSale}; prepared sellers have closed in as little as ${FIRM.fastestClose}.`,
    },
  ],
  imageAlt: 'Illustration of a shop front with a sold sign and a handshake',
};

export const BUYING = {
  title: 'Buying a Business',
  intro: 'Buying an established business gives you customers, employees, systems and cash flow from the first day. We help qualified buyers find the right California business and close with confidence.',
  sections: [
    {
      heading: 'Start with the NDA',
      text: 'Sign our buyer non-disclosure agreement online. It protects the sellers we represent, creates your buyer account and lets us share the name, location and financial details of the listings that interest you.',
    },
    {
      heading: 'Know your numbers',
      text: `Most acquisitions are financed. Down payments are generally ${FIRM.downPayment}, with the balance from an SBA 7(a) loan, a seller note or both. We introduce you to lenders who finance small-business purchases every week.`,
    },
    {
      heading: 'Due diligence with structure',
      text: 'Listing information comes from the seller and is not verified by the broker. Your portal tracks every due-diligence request and document so you and your advisers can confirm the business is what it appears to be.',
    },
    {
      heading: 'One point of contact',
      text: 'All contact with the seller, staff, landlord and suppliers goes through your Crestline broker, who arranges meetings and site visits and keeps the transaction moving toward closing.',
    },
  ],
  imageAlt: 'Illustration of a buyer reviewing a business listing with charts',
};

export const CONTACT = {
  title: 'Contact Us',
  intro: `Call ${FIRM.phone}, write to ${FIRM.email}, or visit one of our five California offices. Every conversation is confidential.`,
  formTitle: 'Still Have Questions',
  formIntro: 'Send us a message and the right broker will reply within one business day.',
};

export const CALLBACK = {
  button: 'Request a Call Back',
  title: 'Request a Call Back',
  intro: 'Leave your details and a broker will call you back, usually the same business day.',
};

export const REGISTRATION = {
  title: 'Create Your Account',
  intro: 'Register as a buyer or a seller to use the Crestline client portal.',
  sellerNotice: `Please call the broker at ${FIRM.phone} before registering. Your broker may already have registered you — if so, use “Forgot password?” on the sign-in page instead of creating a second account.`,
  successTitle: 'Registration complete',
  successText: 'Your account has been created. You will be taken to the sign-in page in a few seconds.',
};

export const NDA_PAGE = {
  title: 'Buyer Non-Disclosure Agreement',
  intro: 'Please read the agreement below. Completing the form signs the agreement and creates your buyer account.',
  successTitle: 'Thank you — your NDA has been received',
  successText: 'Your buyer account has been created. A broker will review your information and contact you about the listing you selected. You can now sign in with your e-mail and password.',
};
