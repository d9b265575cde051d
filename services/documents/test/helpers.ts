import { IDENTITY_HEADER, type IdentityClaims } from '@brokerage/contracts';
import { testing } from '@brokerage/nest-common';

export const USERS = {
  broker: { sub: '00000000-0000-4000-8000-000000000001', role: 'BROKER', name: 'Morgan Broker' },
  agent: { sub: '00000000-0000-4000-8000-000000000002', role: 'AGENT', name: 'Avery Agent' },
  seller: { sub: '00000000-0000-4000-8000-000000000003', role: 'SELLER', name: 'Sam Seller' },
  buyer: { sub: '00000000-0000-4000-8000-000000000004', role: 'BUYER', name: 'Blake Buyer' },
  service: { sub: 'service:listings', role: 'SERVICE', name: 'listings' },
} satisfies Record<string, IdentityClaims>;

export type Who = keyof typeof USERS;
export const as = (who: Who) => ({ [IDENTITY_HEADER]: testing.signIdentity(USERS[who]) });

export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
