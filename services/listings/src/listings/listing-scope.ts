import type { IdentityClaims } from '@brokerage/contracts';
import type { ListingScope } from './listing-row.js';

/** The listings a caller may see: the broker all, an agent the assigned ones, a seller theirs, a buyer those they are a party of. */
export function scopeOf(user: IdentityClaims): ListingScope {
  switch (user.role) {
    case 'BROKER':
      return { kind: 'all' };
    case 'AGENT':
      return { kind: 'agent', userId: user.sub };
    case 'SELLER':
      return { kind: 'seller', userId: user.sub };
    default:
      return { kind: 'buyer', userId: user.sub };
  }
}
