/**
 * The buyer non-disclosure agreement text: one copy, shown by the public NDA sign-up (mfe-public) and the buyer's
 * online NDA (mfe-buyer), and hashed by listings at signature (the sha256 of `ndaText()` is the version signed).
 * Any change of the text gets a new NDA_TEXT_VERSION (and NDA_TEXT_SHA256: contracts' test fails until both follow).
 */
import { FIRM } from './firm.js';

export interface NdaClause {
  title: string;
  text: string;
}

export const NDA_INTRO = `In consideration of ${FIRM.name} (“the Broker”) providing information about businesses offered for sale, the undersigned prospective buyer (“Buyer”) agrees to the following terms:`;

/** The seven numbered clauses of the buyer non-disclosure agreement (spec part 1 §9). */
export const NDA_CLAUSES: NdaClause[] = [
  {
    title: 'Confidentiality',
    text: 'All information received about a business, including its name, location, financial statements and operations, is confidential. Buyer will use it only to evaluate the purchase of that business and will disclose it only to Buyer’s attorney, accountant or lender, each of whom must be told of and bound by this agreement.',
  },
  {
    title: 'No contact with the seller except through the Broker',
    text: 'Buyer will not contact the seller, its employees, landlord, suppliers or customers, directly or indirectly, except through the Broker. All inquiries, offers, site visits and negotiations will be arranged by the Broker.',
  },
  {
    title: 'Information not verified',
    text: 'Information about a business is provided by the seller or other sources and has not been verified by the Broker. The Broker makes no representation or warranty as to its accuracy or completeness. Buyer will rely solely on Buyer’s own investigation and due diligence.',
  },
  {
    title: 'No tax or legal advice',
    text: 'The Broker does not give tax, legal, accounting or environmental advice. Buyer is advised to consult an attorney, an accountant and other qualified professionals before entering into any agreement.',
  },
  {
    title: 'Credit check',
    text: 'Buyer authorizes the Broker to obtain a credit report and to verify the financial information Buyer provides, and to share a summary of Buyer’s qualifications with the seller and prospective lenders.',
  },
  {
    title: 'Dealing exclusively through the Broker',
    text: 'For two years from the date of this agreement, Buyer will deal exclusively through the Broker on any business introduced by the Broker. If Buyer acquires such a business, or any interest in it, other than through the Broker, Buyer will be liable for the full commission the seller would have owed the Broker.',
  },
  {
    title: 'Return of materials and term',
    text: 'On request, or if Buyer decides not to proceed, Buyer will promptly return or destroy all materials received, including copies and notes. The obligations of this agreement continue for two years from its signature and are governed by the laws of the State of California.',
  },
];

/** The public sign-up's acceptance line (the sign-up also creates the account). */
export const NDA_ACCEPT_LABEL =
  'I have read and accept the terms of this Non-Disclosure Agreement, and I understand that submitting it creates my buyer account.';

/** The portal's acceptance line (the buyer is signed in). */
export const NDA_PORTAL_ACCEPT_LABEL = 'I have read and accept the terms of this Non-Disclosure Agreement.';

/** The exact text a buyer signs: the intro and the numbered clauses, one per paragraph. */
export const ndaText = (): string =>
  [NDA_INTRO, ...NDA_CLAUSES.map((c, i) => `${i + 1}. ${c.title}. ${c.text}`)].join('\n\n');

/** The version of the text above, recorded and printed with every signature (with the sha256 of `ndaText()`). */
export const NDA_TEXT_VERSION = '2026-11-28.1';
/** The sha256 (hex, UTF-8) of `ndaText()` at NDA_TEXT_VERSION: a test holds them together. */
export const NDA_TEXT_SHA256 = 'e82d807171a0e2a8944c0c776323102e9e073713c92af4c2f10ac95682d68550';
