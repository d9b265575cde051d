import type { IdentityClaims } from '@brokerage/contracts';

/** The seeded demo users (docs/CONVENTIONS.md) as the gateway would sign them. */
export const DEMO_IDENTITIES = {
  broker: { sub: '00000000-0000-4000-8000-000000000001', role: 'BROKER', name: 'Morgan Broker' },
  agent: { sub: '00000000-0000-4000-8000-000000000002', role: 'AGENT', name: 'Avery Agent' },
  seller: { sub: '00000000-0000-4000-8000-000000000003', role: 'SELLER', name: 'Sam Seller' },
  buyer: { sub: '00000000-0000-4000-8000-000000000004', role: 'BUYER', name: 'Blake Buyer' },
} satisfies Record<string, IdentityClaims>;

/** Another service calling an internal route (signIdentity signs it with that service's own key). */
export const serviceIdentity = (name: string): IdentityClaims => ({ sub: `service:${name}`, role: 'SERVICE', name });
