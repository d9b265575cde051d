import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DEMO_PASSWORD, DEMO_PEOPLE } from '@brokerage/contracts';
import { PasswordService } from '../users/password.service.js';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity-config.js';
import { z } from 'zod';
import { rows } from '@brokerage/nest-common';

const idRow = z.object({ id: z.string() }).describe('seedUserIdRow');

export { DEMO_PASSWORD };

/**
 * The demo brokerage's people (contracts/demo-roster: fixed ids shared with the listings seed), created when
 * SEED_DEMO=1. Idempotent: existing rows (by id or e-mail) are left as they are; one argon2 hash serves every account.
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SeedService.name);

  constructor(
    private readonly ds: DataSource,
    private readonly passwords: PasswordService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.SEED_DEMO) await this.seed();
  }

  async seed(): Promise<number> {
    const existing = rows(idRow, await this.ds.query(`SELECT id FROM identity.users WHERE id = ANY($1::uuid[])`, [DEMO_PEOPLE.map((u) => u.id)]));
    const have = new Set(existing.map((e) => e.id));
    const missing = DEMO_PEOPLE.filter((u) => !have.has(u.id));
    if (missing.length === 0) return 0;
    const hash = await this.passwords.hash(DEMO_PASSWORD);
    let created = 0;
    // managers first (sellers reference their agent)
    for (const u of [...missing].sort((a, b) => Number(!!a.managerId) - Number(!!b.managerId))) {
      const res = await this.ds.query(
        `INSERT INTO identity.users (id, name, email, phone, role, password_hash, password_set_at, manager_id, profile)
         VALUES ($1, $2, $3, $4, $5, $6, now(),
                 (SELECT id FROM identity.users WHERE id = $7::uuid), $8::jsonb)
         ON CONFLICT DO NOTHING RETURNING id`,
        [u.id, u.name, u.email, u.phone, u.role, hash, u.managerId, JSON.stringify(u.company ? { company: u.company } : {})],
      );
      created += rows(idRow, res).length;
    }
    this.logger.log(`demo users seeded: ${created} created`);
    return created;
  }
}
