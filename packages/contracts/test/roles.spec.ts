import { normalizeRole, ROLE_HOME } from '@brokerage/contracts/roles';

describe('roles (spec part 1 §4, §6)', () => {
  it('compares roles in upper case', () => {
    expect(normalizeRole('broker')).toBe('BROKER');
    expect(normalizeRole('Agent')).toBe('AGENT');
    expect(normalizeRole('SELLER')).toBe('SELLER');
  });

  it('rejects anything that is not one of the four roles', () => {
    for (const bad of ['ADMIN', '', ' buyer', null, undefined, 7, {}]) expect(normalizeRole(bad)).toBeNull();
  });

  it('sends each role to its own area after sign-in', () => {
    expect(ROLE_HOME).toEqual({ BROKER: '/broker', AGENT: '/agent', SELLER: '/seller', BUYER: '/buyer' });
  });
});
