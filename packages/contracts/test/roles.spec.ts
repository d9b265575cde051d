import { normalizeRole, ROLE_HOME, signInDestination } from '@brokerage/contracts/roles';

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

describe('signInDestination (deviation 8: return to the page asked for)', () => {
  it('returns a page of the role’s own area, with its query and hash', () => {
    expect(signInDestination('BUYER', '/buyer/financial-statement')).toBe('/buyer/financial-statement');
    expect(signInDestination('BUYER', '/buyer')).toBe('/buyer');
    expect(signInDestination('BROKER', '/broker/listings?page=2#top')).toBe('/broker/listings?page=2#top');
    expect(signInDestination('SELLER', '/seller/a/../questionnaire')).toBe('/seller/questionnaire');
  });

  it('sends a page of another area to the role home', () => {
    expect(signInDestination('BUYER', '/broker/admin')).toBe('/buyer');
    expect(signInDestination('AGENT', '/broker')).toBe('/agent');
    expect(signInDestination('SELLER', '/sellerx/evil')).toBe('/seller');
    expect(signInDestination('BUYER', '/buyer/../broker/admin')).toBe('/buyer');
    expect(signInDestination('BUYER', '/buyer/%2e%2e/broker')).toBe('/buyer');
    expect(signInDestination('BUYER', '/')).toBe('/buyer');
    expect(signInDestination('BUYER', '/login')).toBe('/buyer');
  });

  it('refuses anything that is not a same-origin relative path', () => {
    for (const bad of [
      '//evil.example/buyer',
      '/\\evil.example/buyer',
      '\\\\evil.example',
      '/buyer\\..\\..\\/evil.example',
      'https://evil.example/buyer',
      'javascript:alert(1)',
      'buyer/messages',
      ' /buyer/messages',
      '/buyer/\nmessages',
      '/buyer/%2F%2Fevil.example',
      '/buyer/%5cevil',
      `/buyer/${'a'.repeat(3000)}`,
      '',
      null,
      undefined,
      42,
      { pathname: '/buyer/messages' },
    ]) {
      expect(signInDestination('BUYER', bad)).toBe('/buyer');
    }
  });
});
