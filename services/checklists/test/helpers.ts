import { DEMO_IDENTITIES, identityHeader, serviceIdentity } from '@brokerage/nest-common/testing';

export const USERS = { ...DEMO_IDENTITIES, service: serviceIdentity('listings') };
export type Who = keyof typeof USERS;
export const as = (who: Who) => identityHeader(USERS[who]);
