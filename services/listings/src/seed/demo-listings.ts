import type { ListingStatus } from '../listings/listing.entity.js';

/** Fixed demo ids (docs/CONVENTIONS.md §"Demo data"). */
export const DEMO_USERS = {
  broker: '00000000-0000-4000-8000-000000000001',
  agent: '00000000-0000-4000-8000-000000000002',
  seller: '00000000-0000-4000-8000-000000000003',
  buyer: '00000000-0000-4000-8000-000000000004',
} as const;

export const demoListingId = (n: number) => `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;

export interface DemoListing {
  id: string;
  title: string;
  description: string;
  price: number;
  status: ListingStatus;
}

export const DEMO_LISTINGS: DemoListing[] = [
  {
    id: demoListingId(1),
    title: 'Specialty Coffee Roastery & Café – Midtown Sacramento',
    description:
      'Award-winning roaster with a busy café, wholesale accounts with 40+ restaurants and grocers, and a long-term lease. ' +
      'Owner-operated for 12 years; trained staff of 14 in place.',
    price: 685000,
    status: 'ACTIVE',
  },
  {
    id: demoListingId(2),
    title: 'Residential & Light-Commercial HVAC Company – East Bay',
    description:
      'Licensed HVAC contractor serving Alameda and Contra Costa counties. 1,800+ maintenance-plan customers, 9 service vans, ' +
      'strong recurring revenue and a dispatcher-run office.',
    price: 1450000,
    status: 'ACTIVE',
  },
  {
    id: demoListingId(3),
    title: 'Craft Brewery & Taproom – San Diego',
    description:
      '15-barrel brewhouse with a neighborhood taproom and distribution across San Diego County. Equipment, recipes and brand included.',
    price: 2100000,
    status: 'UNDER_CONTRACT',
  },
  {
    id: demoListingId(4),
    title: 'Commercial Cleaning Service – Los Angeles Region',
    description:
      'Janitorial contracts with office parks, medical offices and schools across the San Fernando Valley. Home-based, low overhead, ' +
      'management in place.',
    price: 425000,
    status: 'ACTIVE',
  },
  {
    id: demoListingId(5),
    title: 'Full-Service Auto Repair Shop – San Jose',
    description: 'Six-bay auto repair shop with ASE-certified technicians, fleet accounts and a loyal customer base since 1998.',
    price: 780000,
    status: 'CLOSED',
  },
  {
    id: demoListingId(6),
    title: 'Licensed Preschool & Childcare Center – West Bay',
    description:
      'State-licensed preschool for 64 children with a waitlist, experienced teachers and a play-based curriculum. Real estate leased.',
    price: 950000,
    status: 'ACTIVE',
  },
];

/** The demo buyer is a party to this listing (with a signed NDA). */
export const DEMO_BUYER_LISTING_ID = demoListingId(1);
