import { DEMO_IDS, demoListingId, type BuyerPartyStatus, type ListingStatus } from '@brokerage/contracts';

/**
 * The demo brokerage's listings (SEED_DEMO=1): 12 listings in every status over the roster of contracts/demo-roster.ts,
 * agents by the sellers' managers, buyers spread over them, journeys at different steps. Fixed ids: idempotent.
 */
export interface DemoListing {
  id: string;
  title: string;
  description: string;
  price: string;
  status: ListingStatus;
  sellerId: string | null;
  privateSeller?: { name: string; email: string; phone: string };
  agentId: string | null;
  /** Days before the first seed; 0 = created now (counts as new this month). */
  ageDays: number;
  /** CLOSED listings: closed this year. INACTIVE: the status before archiving. */
  statusBeforeArchive?: ListingStatus;
  buyers: Array<{ id: string; status: BuyerPartyStatus }>;
}

export interface DemoJourney {
  userId: string;
  listingId: string;
  kind: 'SELLER' | 'BUYER';
  /** Steps 0..completed-1 are done; the cursor is on the next one. */
  completed: number;
  selected?: boolean;
}

const { seller: SAM, buyer: BLAKE, agent: AVERY, agents, sellers, buyers } = DEMO_IDS;
const L = demoListingId;
const b = (i: number, status: BuyerPartyStatus = 'interested') => ({ id: buyers[i]!, status });

export const DEMO_LISTINGS: DemoListing[] = [
  {
    id: L(1), title: 'Specialty Coffee Roastery & Café – Midtown Sacramento', price: '685000.00', status: 'ACTIVE',
    description: 'Award-winning roaster with a busy café, wholesale accounts with 40+ restaurants and grocers, and a long-term lease. Owner-operated for 12 years; trained staff of 14 in place.',
    sellerId: SAM, agentId: AVERY, ageDays: 120, buyers: [{ id: BLAKE, status: 'approved' }, b(0), b(1), b(2, 'rejected')],
  },
  {
    id: L(2), title: 'Residential & Light-Commercial HVAC Company – East Bay', price: '1450000.00', status: 'ACTIVE',
    description: 'Licensed HVAC contractor serving Alameda and Contra Costa counties. 1,800+ maintenance-plan customers, 9 service vans, strong recurring revenue and a dispatcher-run office.',
    sellerId: sellers[1]!, agentId: agents[0]!, ageDays: 95, buyers: [b(3, 'approved'), b(4)],
  },
  {
    id: L(3), title: 'Craft Brewery & Taproom – San Diego', price: '2100000.00', status: 'UNDER_CONTRACT',
    description: '15-barrel brewhouse with a neighborhood taproom and distribution across San Diego County. Equipment, recipes and brand included.',
    sellerId: sellers[2]!, agentId: agents[2]!, ageDays: 200, buyers: [b(5, 'approved'), b(6)],
  },
  {
    id: L(4), title: 'Commercial Cleaning Service – Los Angeles Region', price: '425000.00', status: 'ACTIVE',
    description: 'Janitorial contracts with office parks, medical offices and schools across the San Fernando Valley. Home-based, low overhead, management in place.',
    sellerId: sellers[3]!, agentId: agents[1]!, ageDays: 60, buyers: [b(7)],
  },
  {
    id: L(5), title: 'Full-Service Auto Repair Shop – San Jose', price: '780000.00', status: 'CLOSED',
    description: 'Six-bay auto repair shop with ASE-certified technicians, fleet accounts and a loyal customer base since 1998.',
    sellerId: sellers[4]!, agentId: agents[0]!, ageDays: 300, buyers: [b(8, 'approved')],
  },
  {
    id: L(6), title: 'Licensed Preschool & Childcare Center – West Bay', price: '950000.00', status: 'ACTIVE',
    description: 'State-licensed preschool for 64 children with a waitlist, experienced teachers and a play-based curriculum. Real estate leased.',
    sellerId: sellers[0]!, agentId: AVERY, ageDays: 45, buyers: [b(9), b(10)],
  },
  {
    id: L(7), title: 'Landscaping & Tree Care Company – Greater Sacramento', price: '540000.00', status: 'UNDER_CONTRACT',
    description: 'Commercial maintenance contracts with HOAs and office parks, 6 crews, equipment yard and a certified arborist on staff.',
    sellerId: SAM, agentId: AVERY, ageDays: 180, buyers: [b(11, 'approved')],
  },
  {
    id: L(8), title: 'Dental Laboratory – Fresno', price: '390000.00', status: 'INACTIVE', statusBeforeArchive: 'ACTIVE',
    description: 'Crown-and-bridge lab serving 70 dental offices in the Central Valley. Digital scanning and milling equipment included.',
    sellerId: sellers[6]!, agentId: agents[1]!, ageDays: 150, buyers: [],
  },
  {
    id: L(9), title: 'Mobile Pet Grooming Business – Oakland', price: '185000.50', status: 'ACTIVE',
    description: 'Three fully equipped grooming vans, online booking and 1,100 repeat clients across Oakland, Berkeley and Alameda.',
    sellerId: sellers[5]!, agentId: null, ageDays: 0, buyers: [b(12)],
  },
  {
    id: L(10), title: 'Commercial Print & Sign Shop – San Diego', price: '310000.00', status: 'ACTIVE',
    description: 'Large-format printing, vehicle wraps and signage for local businesses; long-standing accounts with two school districts.',
    sellerId: null, privateSeller: { name: 'Linda Park', email: 'linda.park@example.com', phone: '(619) 555-0410' },
    agentId: agents[2]!, ageDays: 30, buyers: [b(13)],
  },
  {
    id: L(11), title: 'Gourmet Food Truck Fleet – Los Angeles', price: '265000.00', status: 'CLOSED',
    description: 'Four permitted trucks with a commissary kitchen lease, catering calendar and a strong social-media following.',
    sellerId: sellers[0]!, agentId: AVERY, ageDays: 240, buyers: [b(0, 'approved')],
  },
  {
    id: L(12), title: 'Boutique Yoga & Pilates Studio – Palo Alto', price: '220000.00', status: 'ACTIVE',
    description: 'Two studios with 450 members on monthly plans, 18 instructors and a teacher-training program.',
    sellerId: SAM, agentId: AVERY, ageDays: 0, buyers: [],
  },
];

export const DEMO_JOURNEYS: DemoJourney[] = [
  { userId: SAM, listingId: L(1), kind: 'SELLER', completed: 4, selected: true },
  { userId: SAM, listingId: L(7), kind: 'SELLER', completed: 9 },
  { userId: BLAKE, listingId: L(1), kind: 'BUYER', completed: 3, selected: true },
  { userId: sellers[1]!, listingId: L(2), kind: 'SELLER', completed: 6, selected: true },
  { userId: sellers[2]!, listingId: L(3), kind: 'SELLER', completed: 8, selected: true },
  { userId: sellers[4]!, listingId: L(5), kind: 'SELLER', completed: 11, selected: true },
  { userId: sellers[0]!, listingId: L(6), kind: 'SELLER', completed: 3, selected: true },
  { userId: sellers[3]!, listingId: L(4), kind: 'SELLER', completed: 2, selected: true },
  { userId: buyers[0]!, listingId: L(1), kind: 'BUYER', completed: 2, selected: true },
  { userId: buyers[3]!, listingId: L(2), kind: 'BUYER', completed: 5, selected: true },
  { userId: buyers[5]!, listingId: L(3), kind: 'BUYER', completed: 8, selected: true },
  { userId: buyers[8]!, listingId: L(5), kind: 'BUYER', completed: 11, selected: true },
  { userId: buyers[7]!, listingId: L(4), kind: 'BUYER', completed: 1, selected: true },
  { userId: buyers[11]!, listingId: L(7), kind: 'BUYER', completed: 7, selected: true },
];

/** Signed NDAs (buyer, listing): the demo buyer's on the roastery plus a few others. */
export const DEMO_NDAS: Array<{ buyerId: string; listingId: string }> = [
  { buyerId: BLAKE, listingId: L(1) },
  { buyerId: buyers[0]!, listingId: L(1) },
  { buyerId: buyers[3]!, listingId: L(2) },
  { buyerId: buyers[5]!, listingId: L(3) },
  { buyerId: buyers[8]!, listingId: L(5) },
];
