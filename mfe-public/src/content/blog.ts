import valuationImg from '../assets/blog-valuation.svg';
import sbaImg from '../assets/blog-loan.svg';
import confidentialImg from '../assets/blog-confidential.svg';
import dueDiligenceImg from '../assets/blog-checklist.svg';
import leaseImg from '../assets/blog-lease.svg';
import timingImg from '../assets/blog-calendar.svg';

export interface BlogPost {
  id: string;
  image: string;
  title: string;
  /** Paragraphs of the post. */
  content: string[];
}

export const BLOG_POSTS: BlogPost[] = [
  {
    id: 'what-is-my-business-worth',
    image: valuationImg,
    title: 'What Is My Business Really Worth? Understanding Seller’s Discretionary Earnings',
    content: [
      'Most owner-operated businesses in California are priced as a multiple of Seller’s Discretionary Earnings (SDE): net profit plus the owner’s salary, interest, depreciation and one-time or personal expenses run through the company. Buyers and lenders both start from this number, so getting it right is the first step of any sale.',
      'Recasting is not about inflating profit. Every adjustment has to be documented — a family member’s car lease, a one-time roof repair, a lawsuit that has been settled. Adjustments a lender cannot verify are adjustments a buyer will not pay for.',
      'Once SDE is established, the multiple depends on how transferable the earnings are: length and terms of the lease, customer concentration, reliance on the owner, the trend of the last three years and the industry. A restaurant and an HVAC service company with the same SDE can sell for very different prices.',
      'Before listing, we prepare a written opinion of value and walk you through every adjustment, so you know what a buyer will see and why the price is defensible.',
    ],
  },
  {
    id: 'sba-loans-for-buyers',
    image: sbaImg,
    title: 'How SBA 7(a) Loans Make Small-Business Acquisitions Possible',
    content: [
      'The SBA 7(a) program guarantees part of a bank’s loan to a qualified buyer, which lets lenders finance acquisitions with down payments that are generally 40 percent of the asking price or less — often considerably less for a well-documented business.',
      'Lenders look at three things: the business’s cash flow must cover the new debt with a margin, the buyer must have relevant management experience, and the buyer must inject some of their own cash. Seller financing can count toward that injection in many cases.',
      'For sellers, an SBA-financed buyer means cash at closing and a transaction whose numbers have been independently underwritten. For buyers, it means access to businesses that would otherwise require far more capital.',
      'We package each listing with the financial detail lenders ask for, which shortens underwriting and reduces surprises late in escrow.',
    ],
  },
  {
    id: 'keeping-a-sale-confidential',
    image: confidentialImg,
    title: 'Keeping the Sale of Your Business Confidential',
    content: [
      'News that a business is for sale can unsettle employees, invite competitors to approach key customers and make suppliers nervous. Confidentiality is therefore not a courtesy; it protects the value you are selling.',
      'Our listings describe a business by industry, region and financial size, never by name or street address. A buyer receives identifying information only after signing a non-disclosure agreement and passing our qualification review.',
      'Buyers also agree not to contact the seller, employees, landlord, suppliers or customers except through us. Site visits are scheduled after hours or presented as routine meetings.',
      'When the time comes to tell your team, we help you plan the announcement so that the people who make the business work hear it from you first.',
    ],
  },
  {
    id: 'due-diligence-checklist',
    image: dueDiligenceImg,
    title: 'A Buyer’s Due-Diligence Checklist for California Businesses',
    content: [
      'Due diligence is the buyer’s opportunity to confirm that the business is what the seller described. Information in a listing comes from the seller and is not verified by the broker, so this step is essential.',
      'Start with the money: three years of federal tax returns, monthly profit-and-loss statements, bank statements and sales-tax filings with the California Department of Tax and Fee Administration. They should tell the same story.',
      'Then review everything that has to transfer: the lease and the landlord’s consent, equipment lists, licences and permits, franchise approval where relevant, customer and supplier contracts, and employee arrangements.',
      'Engage your own accountant and attorney. We coordinate the requests and keep every document in the client portal, but tax and legal advice must come from your advisers.',
    ],
  },
  {
    id: 'the-lease-can-make-or-break-a-sale',
    image: leaseImg,
    title: 'Why the Lease Can Make or Break Your Sale',
    content: [
      'For restaurants, retail shops and many service companies, the location is a large part of the value. A buyer — and the buyer’s lender — will want a lease whose remaining term, including options, at least matches the loan term.',
      'Review your lease early. Check the assignment clause, any personal guarantee, options to renew and whether the landlord may raise the rent on transfer. Problems found before listing can usually be negotiated; problems found in escrow cost time and money.',
      'We contact the landlord only with your permission and at the right moment, and we help the buyer prepare the financial package most landlords require before consenting to an assignment.',
    ],
  },
  {
    id: 'when-to-sell',
    image: timingImg,
    title: 'Timing Your Exit: When Is the Right Time to Sell?',
    content: [
      'The best time to sell is while the business is growing and you still have the energy to run it through the sale. Buyers pay for the trend of the last three years, and a sale typically takes 5-8 months.',
      'Owners who wait until they are exhausted often see revenue slip during the process, and the price follows. Planning one to two years ahead gives you time to clean up the books, renew the lease and reduce the business’s dependence on you.',
      'Deals can move quickly when the preparation is done — we have closed transactions in as little as six weeks. Call us for a confidential conversation about your timing, even if the sale is a year or more away.',
    ],
  },
];
