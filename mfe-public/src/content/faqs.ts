import { FIRM } from './firm';

export interface Faq {
  question: string;
  answer: string[];
}

export const SELLER_FAQS: Faq[] = [
  {
    question: 'How long does it take to sell a business?',
    answer: [
      `On average a sale takes ${FIRM.averageSale} from the day the business goes to market to the day escrow closes. Well-documented businesses with clean books and a transferable lease move fastest; we have closed deals in as little as ${FIRM.fastestClose}.`,
      'The timeline depends mostly on preparation. Three years of tax returns, current profit-and-loss statements and a lease that can be assigned shorten every later step.',
    ],
  },
  {
    question: 'How much of the price will a buyer pay up front?',
    answer: [
      `Down payments are generally ${FIRM.downPayment}. The balance usually comes from an SBA-guaranteed bank loan, a seller-carried note, or a combination of both.`,
      'We help you decide how much seller financing, if any, you are comfortable carrying and how it should be secured.',
    ],
  },
  {
    question: 'How do you decide what my business is worth?',
    answer: [
      'We recast your financial statements to show the true cash flow an owner receives (Seller’s Discretionary Earnings), then compare it with recent sales of similar California businesses and with what lenders will finance.',
      'You receive a written opinion of value with the reasoning behind it before anything is marketed.',
    ],
  },
  {
    question: 'Will my employees, customers or competitors find out my business is for sale?',
    answer: [
      'Not from us. Listings are advertised without the business name or address, and every buyer signs a non-disclosure agreement and is qualified before receiving identifying information.',
      'Buyers are not allowed to contact you, your staff or your landlord except through your broker.',
    ],
  },
  {
    question: 'What does it cost to sell through Crestline, and how do I start?',
    answer: [
      'Our fee is a success fee paid from the proceeds at closing; there is no charge for the initial consultation and valuation discussion.',
      `The first step is a confidential call with the broker at ${FIRM.phone}. If your broker has already opened a file for you, you may already have a portal account — please call before registering again.`,
    ],
  },
];

export const BUYER_FAQS: Faq[] = [
  {
    question: 'Why do I have to sign a non-disclosure agreement?',
    answer: [
      'Sellers trust us to keep the sale of their business confidential. The NDA lets us share the business name, location and financial details with you while protecting the seller, the employees and the customers.',
      'Signing the NDA on this site also creates your buyer account, so you can follow the listing in the client portal.',
    ],
  },
  {
    question: 'How much money do I need to buy a business?',
    answer: [
      `Plan on a down payment of ${FIRM.downPayment}, plus working capital for the first months of operation and closing costs. Lenders also look at your credit history and management experience.`,
    ],
  },
  {
    question: 'Can I get financing?',
    answer: [
      'Most of the businesses we sell qualify for SBA 7(a) loans, and many sellers are willing to carry part of the price as a note. We introduce you to lenders who regularly finance small-business acquisitions in California.',
    ],
  },
  {
    question: 'Can I talk directly with the seller?',
    answer: [
      'All contact with the seller, the employees, the landlord, suppliers and customers goes through Crestline. We arrange seller meetings and site visits once you have signed the NDA and we have reviewed your qualifications.',
    ],
  },
  {
    question: 'Is the information in the listing verified?',
    answer: [
      'Information about a business is provided by the seller. We do not audit or guarantee it, which is why every offer is subject to your own due diligence with your accountant and attorney.',
    ],
  },
  {
    question: 'How long does it take to close?',
    answer: [
      `An average sale takes ${FIRM.averageSale} from listing to closing; once an offer is accepted, due diligence, financing and escrow commonly take 60 to 90 days. Cash transactions have closed in as little as ${FIRM.fastestClose}.`,
    ],
  },
  {
    question: 'What happens during due diligence?',
    answer: [
      'You review tax returns, bank statements, leases, equipment lists, licences and contracts, and you may observe the operation. The client portal tracks each request and each document so nothing is lost between you, the seller and the broker.',
    ],
  },
  {
    question: 'Do you charge buyers a fee?',
    answer: [
      'No. Our fee is paid by the seller. Buyers pay their own professional advisers, lender fees and their share of escrow costs.',
    ],
  },
];
