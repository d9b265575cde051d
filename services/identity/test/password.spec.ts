import argon2 from 'argon2';
import { PasswordService } from '../src/users/password.service.js';

describe('PasswordService', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of ['ARGON2_MEMORY_KIB', 'ARGON2_TIME_COST', 'ARGON2_PARALLELISM']) process.env[k] = saved[k];
  });

  it('hashes with argon2id and verifies', async () => {
    const svc = new PasswordService();
    const h = await svc.hash('correct horse');
    expect(h).toMatch(/^\$argon2id\$/);
    expect(await svc.verify(h, 'correct horse')).toBe(true);
    expect(await svc.verify(h, 'wrong horse')).toBe(false);
    expect(await svc.verify(null, 'x')).toBe(false);
    expect(await svc.verify('not-a-hash', 'x')).toBe(false);
  });

  it('env knobs never go below the OWASP minimum (m=19456, t=2)', async () => {
    process.env.ARGON2_MEMORY_KIB = '8';
    process.env.ARGON2_TIME_COST = '1';
    const h = await new PasswordService().hash('pw-123456');
    expect(h).toMatch(/m=19456\b/);
    expect(h).toMatch(/t=2\b/);
    expect(await argon2.verify(h, 'pw-123456')).toBe(true);
  });

  it('without knobs: argon2 defaults (m=65536, t=3, p=4)', async () => {
    delete process.env.ARGON2_MEMORY_KIB;
    delete process.env.ARGON2_TIME_COST;
    delete process.env.ARGON2_PARALLELISM;
    const h = await new PasswordService().hash('pw-123456');
    expect(h).toMatch(/m=65536\b/);
    expect(h).toMatch(/t=3\b/);
    expect(h).toMatch(/p=4\b/);
  });
});
