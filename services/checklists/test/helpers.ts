import type { IdentityClaims } from '@brokerage/contracts';
import { DEMO_IDENTITIES, identityHeader, serviceIdentity } from '@brokerage/nest-common/testing';

/** The demo users, users who are parties of no listing, and another service. */
export const USERS = {
  ...DEMO_IDENTITIES,
  otherAgent: { sub: '00000000-0000-4000-8000-0000000000a2', role: 'AGENT', name: 'Olive Agent' },
  otherSeller: { sub: '00000000-0000-4000-8000-0000000000a3', role: 'SELLER', name: 'Oscar Seller' },
  otherBuyer: { sub: '00000000-0000-4000-8000-0000000000a4', role: 'BUYER', name: 'Opal Buyer' },
  service: serviceIdentity('listings'),
} satisfies Record<string, IdentityClaims>;
export type Who = keyof typeof USERS;
export const as = (who: Who) => identityHeader(USERS[who]);
