import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { IDENTITY_HEADER, type IdentityClaims } from '@brokerage/contracts';
import { configureApp, testing } from '@brokerage/nest-common';
import { AppModule } from '../src/app.module.js';

export interface Ctx {
  app: INestApplication;
  http: ReturnType<typeof request>;
  ds: DataSource;
}

export async function createApp(): Promise<Ctx> {
  const mod = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = mod.createNestApplication({ bodyParser: false });
  configureApp(app, 'messaging');
  await app.init();
  return { app, http: request(app.getHttpServer()), ds: app.get(DataSource) };
}

export async function resetDb(ctx: Ctx): Promise<void> {
  await ctx.ds.query('TRUNCATE messaging.contact_messages, messaging.callback_requests');
}

export const USERS = {
  broker: { sub: '00000000-0000-4000-8000-000000000001', role: 'BROKER', name: 'Morgan Broker' },
  agent: { sub: '00000000-0000-4000-8000-000000000002', role: 'AGENT', name: 'Avery Agent' },
  seller: { sub: '00000000-0000-4000-8000-000000000003', role: 'SELLER', name: 'Sam Seller' },
  buyer: { sub: '00000000-0000-4000-8000-000000000004', role: 'BUYER', name: 'Blake Buyer' },
  service: { sub: 'service:identity', role: 'SERVICE', name: 'identity' },
} satisfies Record<string, IdentityClaims>;

export type Who = keyof typeof USERS;
export const as = (who: Who) => ({ [IDENTITY_HEADER]: testing.signIdentity(USERS[who]) });
