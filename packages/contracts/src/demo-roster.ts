import type { Role } from './roles.js';

/**
 * The demo brokerage's people (seeded when SEED_DEMO=1). Fixed ids so that identity (users) and listings (listings,
 * parties, journeys) seed the same people without calling each other. Password for all: DEMO_PASSWORD.
 * Id scheme: 0001-0004 the four documented demo users; 00a1… agents; 0201… sellers; 0301… buyers; 0101… listings.
 */
export const DEMO_PASSWORD = 'demo-pass-2026';

export interface DemoPerson {
  id: string;
  name: string;
  email: string;
  role: Role;
  phone: string;
  /** A seller's assigned agent (identity's manager_id). */
  managerId: string | null;
  company?: string;
}

const id = (suffix: string) => `00000000-0000-4000-8000-${suffix.padStart(12, '0')}`;

export const DEMO_IDS = {
  broker: id('1'),
  agent: id('2'),
  seller: id('3'),
  buyer: id('4'),
  agents: ['a1', 'a2', 'a3'].map(id),
  sellers: Array.from({ length: 7 }, (_, i) => id(String(201 + i))),
  buyers: Array.from({ length: 14 }, (_, i) => id(String(301 + i))),
} as const;

export const demoListingId = (n: number) => id(`1${String(n).padStart(2, '0')}`);

const agent = (i: number, name: string, email: string, phone: string): DemoPerson => ({
  id: DEMO_IDS.agents[i]!, name, email, role: 'AGENT', phone, managerId: null,
});
const seller = (i: number, name: string, email: string, phone: string, managerId: string | null): DemoPerson => ({
  id: DEMO_IDS.sellers[i]!, name, email, role: 'SELLER', phone, managerId,
});
const buyer = (i: number, name: string, email: string, phone: string, company: string): DemoPerson => ({
  id: DEMO_IDS.buyers[i]!, name, email, role: 'BUYER', phone, managerId: null, company,
});

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  { id: DEMO_IDS.broker, name: 'Morgan Broker', email: 'broker@example.com', role: 'BROKER', phone: '(916) 555-0101', managerId: null },
  { id: DEMO_IDS.agent, name: 'Avery Agent', email: 'agent@example.com', role: 'AGENT', phone: '(916) 555-0102', managerId: null },
  { id: DEMO_IDS.seller, name: 'Sam Seller', email: 'seller@example.com', role: 'SELLER', phone: '(916) 555-0103', managerId: DEMO_IDS.agent },
  { id: DEMO_IDS.buyer, name: 'Blake Buyer', email: 'buyer@example.com', role: 'BUYER', phone: '(916) 555-0104', managerId: null, company: 'Blake Holdings LLC' },
  agent(0, 'Priya Natarajan', 'priya.natarajan@example.com', '(415) 555-0141'),
  agent(1, 'Marcus Bell', 'marcus.bell@example.com', '(213) 555-0142'),
  agent(2, 'Lena Ortiz', 'lena.ortiz@example.com', '(619) 555-0143'),
  seller(0, 'Grace Whitfield', 'grace.whitfield@example.com', '(916) 555-0201', DEMO_IDS.agent),
  seller(1, 'Tomás Alvarez', 'tomas.alvarez@example.com', '(510) 555-0202', DEMO_IDS.agents[0]!),
  seller(2, 'Helen Cho', 'helen.cho@example.com', '(619) 555-0203', DEMO_IDS.agents[2]!),
  seller(3, 'Derek Fontaine', 'derek.fontaine@example.com', '(818) 555-0204', DEMO_IDS.agents[1]!),
  seller(4, 'Nadia Petrova', 'nadia.petrova@example.com', '(408) 555-0205', DEMO_IDS.agents[0]!),
  seller(5, 'Robert Kim', 'robert.kim@example.com', '(707) 555-0206', null),
  seller(6, 'Angela Ruiz', 'angela.ruiz@example.com', '(559) 555-0207', DEMO_IDS.agents[1]!),
  buyer(0, 'Jordan Ellis', 'jordan.ellis@example.com', '(916) 555-0301', 'Ellis Capital Partners'),
  buyer(1, 'Sofia Marin', 'sofia.marin@example.com', '(415) 555-0302', 'Marin Ventures'),
  buyer(2, 'Kevin Tran', 'kevin.tran@example.com', '(408) 555-0303', 'Tran Family Trust'),
  buyer(3, 'Rachel Goldberg', 'rachel.goldberg@example.com', '(310) 555-0304', 'Goldberg Acquisitions'),
  buyer(4, 'Ahmed Hassan', 'ahmed.hassan@example.com', '(619) 555-0305', 'Pacific Crest Holdings'),
  buyer(5, 'Emily Foster', 'emily.foster@example.com', '(510) 555-0306', 'Independent'),
  buyer(6, 'Carlos Mendoza', 'carlos.mendoza@example.com', '(213) 555-0307', 'Mendoza Enterprises'),
  buyer(7, 'Hannah Lee', 'hannah.lee@example.com', '(650) 555-0308', 'Summit Search Fund'),
  buyer(8, 'Victor Okafor', 'victor.okafor@example.com', '(916) 555-0309', 'Okafor Group'),
  buyer(9, 'Megan O’Brien', 'megan.obrien@example.com', '(925) 555-0310', 'Independent'),
  buyer(10, 'Daniel Park', 'daniel.park@example.com', '(714) 555-0311', 'Park Street Capital'),
  buyer(11, 'Isabel Romero', 'isabel.romero@example.com', '(559) 555-0312', 'Romero Holdings'),
  buyer(12, 'Thomas Wright', 'thomas.wright@example.com', '(831) 555-0313', 'Wright Brothers Investments'),
  buyer(13, 'Aisha Johnson', 'aisha.johnson@example.com', '(951) 555-0314', 'Independent'),
];
