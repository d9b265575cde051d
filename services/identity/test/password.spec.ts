import argon2 from 'argon2';
import { PasswordService } from '../src/users/password.service.js';
import { identityConfigSchema } from '../src/config/identity-config.js';

/** The argon2 part of identity's config, read from env-style strings as the service reads process.env. */
const argonConfig = (env: Record<string, string> = {}) =>
  identityConfigSchema.pick({ ARGON2_MEMORY_KIB: true, ARGON2_TIME_COST: true, ARGON2_PARALLELISM: true }).parse(env);

describe('PasswordService', () => {
  it('hashes with argon2id and verifies', async () => {
    const svc = new PasswordService(argonConfig({ ARGON2_MEMORY_KIB: '19456', ARGON2_TIME_COST: '2', ARGON2_PARALLELISM: '1' }));
    const h = await svc.hash('correct horse');
    expect(h).toMatch(/^\$argon2id\$/);
    expect(await svc.verify(h, 'correct horse')).toBe(true);
    expect(await svc.verify(h, 'wrong horse')).toBe(false);
    expect(await svc.verify(null, 'x')).toBe(false);
    expect(await svc.verify('not-a-hash', 'x')).toBe(false);
  });

  it('env knobs never go below the OWASP minimum (m=19456, t=2)', async () => {
    const h = await new PasswordService(argonConfig({ ARGON2_MEMORY_KIB: '8', ARGON2_TIME_COST: '1' })).hash('pw-123456');
    expect(h).toMatch(/m=19456\b/);
    expect(h).toMatch(/t=2\b/);
    expect(await argon2.verify(h, 'pw-123456')).toBe(true);
  });

  it('without knobs: argon2 defaults (m=65536, t=3, p=4)', async () => {
    const h = await new PasswordService(argonConfig()).hash('pw-123456');
    expect(h).toMatch(/m=65536\b/);
    expect(h).toMatch(/t=3\b/);
    expect(h).toMatch(/p=4\b/);
  });

  it('a knob that is not a positive integer is a configuration error, not silently ignored', () => {
    expect(() => argonConfig({ ARGON2_TIME_COST: 'lots' })).toThrow();
  });
});
