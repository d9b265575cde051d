import * as contracts from '@brokerage/contracts/roles';
import { ROLES, ROLE_HOME, normalizeRole } from '../src/index.js';

test('zod-free role helpers agree with @brokerage/contracts', () => {
  expect([...ROLES]).toEqual([...contracts.ROLES]);
  expect(ROLE_HOME).toEqual(contracts.ROLE_HOME);
  for (const r of ['broker', 'Agent', 'SELLER', 'buyer', 'admin', '', 3, null]) {
    expect(normalizeRole(r)).toBe(contracts.normalizeRole(r));
  }
});
