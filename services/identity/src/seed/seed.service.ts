import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Role } from '@brokerage/contracts';
import { PasswordService } from '../users/password.service.js';

export const DEMO_PASSWORD = 'demo-pass-2026';

export const DEMO_USERS: ReadonlyArray<{ id: string; name: string; email: string; role: Role; phone: string; managerId: string | null }> = [
  { id: '00000000-0000-4000-8000-000000000001', name: 'Morgan Broker', email: 'broker@example.com', role: 'BROKER', phone: '(916) 555-0101', managerId: null },
  { id: '00000000-0000-4000-8000-000000000002', name: 'Avery Agent', email: 'agent@example.com', role: 'AGENT', phone: '(916) 555-0102', managerId: null },
  { id: '00000000-0000-4000-8000-000000000003', name: 'Sam Seller', email: 'seller@example.com', role: 'SELLER', phone: '(916) 555-0103', managerId: '00000000-0000-4000-8000-000000000002' },
  { id: '00000000-0000-4000-8000-000000000004', name: 'Blake Buyer', email: 'buyer@example.com', role: 'BUYER', phone: '(916) 555-0104', managerId: null },
];

/** Demo users of CONVENTIONS (fixed ids), created when SEED_DEMO=1; existing rows are left as they are. */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SeedService.name);

  constructor(
    private readonly ds: DataSource,
    private readonly passwords: PasswordService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const flag = process.env.SEED_DEMO;
    if (flag !== '1' && flag !== 'true') return;
    await this.seed();
  }

  async seed(): Promise<number> {
    const existing: Array<{ id: string }> = await this.ds.query(`SELECT id FROM identity.users WHERE id = ANY($1::uuid[])`, [
      DEMO_USERS.map((u) => u.id),
    ]);
    const missing = DEMO_USERS.filter((u) => !existing.some((e) => e.id === u.id));
    if (missing.length === 0) return 0;
    const hash = await this.passwords.hash(DEMO_PASSWORD);
    let created = 0;
    // managers first (the seller references the agent)
    for (const u of [...missing].sort((a, b) => Number(!!a.managerId) - Number(!!b.managerId))) {
      const res = await this.ds.query(
        `INSERT INTO identity.users (id, name, email, phone, role, password_hash, password_set_at, manager_id)
         VALUES ($1, $2, $3, $4, $5, $6, now(), $7)
         ON CONFLICT DO NOTHING RETURNING id`,
        [u.id, u.name, u.email, u.phone, u.role, hash, u.managerId],
      );
      created += res.length;
    }
    this.logger.log(`demo users seeded: ${created} created`);
    return created;
  }
}
