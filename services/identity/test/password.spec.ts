import { jest } from '@jest/globals';
import { MSG } from '@brokerage/contracts';
import argon2 from 'argon2';
import { webcrypto } from 'node:crypto';
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

  it('a burst of sign-ins leaves libuv threads to the database driver: its SCRAM key derivation does not wait for them', async () => {
    // Found by npm run soak: 500 sign-ins (argon2, one libuv thread each for its whole run) took all 4 threads; pg's
    // SCRAM sign-in of a new connection (WebCrypto PBKDF2, same threads) then waited past its 1.5 s timeout → 503s.
    const scram = async () => {
      const t = performance.now();
      const key = await webcrypto.subtle.importKey('raw', Buffer.from('postgres'), 'PBKDF2', false, ['deriveBits']);
      await webcrypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: Buffer.alloc(16, 1), iterations: 4096 }, key, 256);
      return performance.now() - t;
    };
    const run = async (env: Record<string, string>) => {
      const svc = new PasswordService({ ...argonConfig({ ARGON2_MEMORY_KIB: '19456', ARGON2_TIME_COST: '2', ARGON2_PARALLELISM: '1' }), ...identityConfigSchema.pick({ ARGON2_CONCURRENCY: true }).parse(env) });
      const h = await svc.hash('pw-123456');
      const t = performance.now();
      await svc.verify(h, 'pw-123456');
      const one = performance.now() - t;
      const burst = Promise.all(Array.from({ length: 8 }, () => svc.verify(h, 'pw-123456')));
      await new Promise((r) => setTimeout(r, 5));
      const waited = await scram();
      expect(await burst).toEqual(Array(8).fill(true));
      return { one, waited };
    };
    const limited = await run({});
    expect(limited.waited).toBeLessThan(limited.one / 2);
  }, 60_000);

  it('a sign-in whose argon2 turn came after ARGON2_QUEUE_WAIT_MS is answered 503 without computing it (its client has left)', async () => {
    const svc = new PasswordService({
      ...argonConfig({ ARGON2_MEMORY_KIB: '19456', ARGON2_TIME_COST: '2', ARGON2_PARALLELISM: '1' }),
      ...identityConfigSchema.pick({ ARGON2_CONCURRENCY: true, ARGON2_QUEUE_WAIT_MS: true }).parse({ ARGON2_CONCURRENCY: '1', ARGON2_QUEUE_WAIT_MS: '1' }),
    });
    const h = await svc.hash('correct horse');
    const spy = jest.spyOn(argon2, 'verify');
    const [first, ...late] = await Promise.allSettled([svc.verify(h, 'correct horse'), svc.verify(h, 'correct horse'), svc.verify(h, 'wrong horse')]);
    expect(first).toEqual({ status: 'fulfilled', value: true });
    for (const r of late) {
      expect(r.status).toBe('rejected');
      const err = (r as PromiseRejectedResult).reason as { getStatus(): number; getResponse(): unknown };
      expect(err.getStatus()).toBe(503);
      expect(err.getResponse()).toEqual({ message: MSG.serviceUnavailable });
    }
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});
