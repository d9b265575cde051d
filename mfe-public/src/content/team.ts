import danielImg from '../assets/team-daniel.svg';
import elenaImg from '../assets/team-elena.svg';
import kevinImg from '../assets/team-kevin.svg';

export interface TeamMember {
  id: string;
  name: string;
  position: string;
  email: string;
  phone: string;
  image: string;
  shortBio: string;
  detailedBio: {
    education: string;
    credentials: string[];
    specialties: string[];
    experience: string;
    description: string;
  };
}

export const TEAM: TeamMember[] = [
  {
    id: 'daniel-whitaker',
    name: 'Daniel Whitaker',
    position: 'Principal Broker',
    email: 'daniel@crestlinebusinessbrokers.com',
    phone: '(916) 555-0187',
    image: danielImg,
    shortBio:
      'Daniel founded Crestline and has spent more than 18 years guiding owners of California restaurants, service companies and light manufacturers through the sale of their businesses.',
    detailedBio: {
      education: 'B.S. Business Administration (Finance), California State University, Sacramento',
      credentials: [
        'California Real Estate Broker, DRE License #01523984',
        'Certified Business Intermediary (CBI), International Business Brokers Association',
        'Member, California Association of Business Brokers',
      ],
      specialties: [
        'Owner-operated businesses from $500,000 to $10 million in sales',
        'Business valuation and pricing strategy',
        'SBA 7(a) financed transactions',
        'Seller financing and earn-out structures',
      ],
      experience:
        '18+ years as a business broker; more than 300 completed transactions across Northern and Southern California.',
      description:
        'Before becoming a broker, Daniel spent six years in commercial lending, underwriting acquisition loans for small-business buyers. That lender’s eye shapes how he prepares a business for market: clean recast financials, a defensible price and a buyer who can actually close. He personally reviews every engagement the firm accepts and remains the seller’s point of contact from valuation to the closing table. His fastest closing took six weeks from signed offer to funded escrow.',
    },
  },
  {
    id: 'elena-marquez',
    name: 'Elena Marquez',
    position: 'Business Broker',
    email: 'elena@crestlinebusinessbrokers.com',
    phone: '(213) 555-0119',
    image: elenaImg,
    shortBio:
      'Elena leads Crestline’s Southern California practice from Los Angeles, with a focus on franchise resales, distribution companies and multi-location service businesses.',
    detailedBio: {
      education: 'B.A. Economics, University of California, Los Angeles; Certificate in Entrepreneurship, USC Marshall',
      credentials: [
        'California Real Estate Salesperson, DRE License #02011457',
        'Mergers & Acquisitions Master Intermediary candidate (M&AMI)',
        'Bilingual: English and Spanish',
      ],
      specialties: [
        'Franchise resales and transfer approvals',
        'Wholesale and distribution businesses',
        'Buyer qualification and lender packaging',
        'Multi-location service companies',
      ],
      experience:
        '11 years in business brokerage and franchise development; over 120 closed sales in Los Angeles, Orange and San Diego counties.',
      description:
        'Elena began her career in franchise development for a national quick-service brand, where she approved hundreds of franchise transfers. She now represents sellers and qualified buyers across Southern California and is known for keeping deals on schedule: she builds the due-diligence calendar on day one and works directly with landlords, franchisors and lenders so that nothing surprises the parties at closing.',
    },
  },
  {
    id: 'kevin-tran',
    name: 'Kevin Tran',
    position: 'Software Developer',
    email: 'kevin@crestlinebusinessbrokers.com',
    phone: '(408) 555-0161',
    image: kevinImg,
    shortBio:
      'Kevin builds and maintains the Crestline client portal, where sellers and buyers follow each step of their transaction, exchange messages and share documents securely.',
    detailedBio: {
      education: 'B.S. Computer Science, San José State University',
      credentials: [
        'AWS Certified Solutions Architect – Associate',
        'Certified Information Systems Security Professional (CISSP) associate',
      ],
      specialties: [
        'Secure document exchange and e-signature workflows',
        'Web accessibility and performance',
        'Data privacy for confidential deal information',
      ],
      experience:
        '9 years of software engineering, including five years building document platforms for escrow and title companies.',
      description:
        'Kevin joined Crestline to give clients the same transparency the brokers give them in person. He designed the portal’s step-by-step transaction tracker and its confidential document room, and he is the person to call if you have trouble signing in, uploading a file or receiving our e-mails.',
    },
  },
];
