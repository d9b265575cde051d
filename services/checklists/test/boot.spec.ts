import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { bootstrapService } from '@brokerage/nest-common';
import { expectForbidden, expectHealthy, expectUnauthenticated } from '@brokerage/nest-common/testing';
import { AppModule } from '../src/app.module.js';
import { as, type Who } from './helpers.js';

const LISTING = '00000000-0000-4000-8000-000000000101';
const path = `/broker/listings/${LISTING}/pre-close-checklist`;

describe('checklists service boots', () => {
  let app: INestApplication;
  beforeAll(async () => {
    app = await bootstrapService({ name: 'checklists', module: AppModule, defaultPort: 3005, port: 0 });
    await app.get(DataSource).query('TRUNCATE checklists.pre_close_checklists');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers GET /health 200 against the real database and Redis', async () => {
    await expectHealthy(app);
  });

  it('the broker checklist route answers 401 without identity and 403 for other roles', async () => {
    const anon = await request(app.getHttpServer()).get(path);
    expectUnauthenticated(anon);
    for (const who of ['agent', 'seller', 'buyer', 'service'] as Who[]) {
      const res = await request(app.getHttpServer()).get(path).set(as(who));
      expectForbidden(res);
    }
  });

  it('gives the broker an empty checklist (client falls back to the default) until one is stored', async () => {
    const res = await request(app.getHttpServer()).get(path).set(as('broker'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ checklist: null, lastUpdatedBy: null, updatedAt: null });
    await app.get(DataSource).query(
      `INSERT INTO checklists.pre_close_checklists (listing_id, checklist, last_updated_by) VALUES ($1, $2, $3)`,
      [LISTING, JSON.stringify([{ id: 'A', title: 'Letter Of Intent', items: [] }]), JSON.stringify({ id: 'x', name: 'Sam Seller', role: 'SELLER' })],
    );
    const stored = await request(app.getHttpServer()).get(path).set(as('broker'));
    expect(stored.body).toMatchObject({ checklist: [{ id: 'A', title: 'Letter Of Intent' }], lastUpdatedBy: { name: 'Sam Seller' } });
    const bad = await request(app.getHttpServer()).get('/broker/listings/nope/pre-close-checklist').set(as('broker'));
    expect(bad.status).toBe(400);
  });
});
