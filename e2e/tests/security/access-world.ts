import { expect, type APIRequestContext } from '@playwright/test';
import { apiLogin, brokerSession, uniqueEmail } from '../../support/public';
import { realPdf } from '../steps/helpers';

/**
 * The people and objects the access matrix calls every route with, seeded through the API as the demo broker:
 *  - listing L1: seller S1, agent A1, buyer B1 (every step completed by the broker) and buyer B0 (selected it, before
 *    the NDA); listing L2: seller S2, buyer B2 (every step completed); agent A2 assigned to nothing.
 *  - D1: a CBR/CIM on L1 for all its parties; DD1: a due-diligence file on L1 for B1; M1: a message from B1 to A1 with one attachment (M1A).
 *  - an archived buyer whose session was open when the broker archived them.
 * `secrets` are texts of L1 that only its parties past the NDA may ever read.
 */
export const ACTORS = ['anonymous', 'archived', 'broker', 'agent', 'otherAgent', 'seller', 'otherSeller', 'buyer', 'buyerBeforeNda', 'otherBuyer'] as const;
export type Actor = (typeof ACTORS)[number];

export interface World {
  headers: Record<Actor, Record<string, string>>;
  role: Record<Actor, 'BROKER' | 'AGENT' | 'SELLER' | 'BUYER' | null>;
  ids: { L1: string; L2: string; D1: string; DD1: string; M1: string; M1A: string; S1: string; S2: string; B1: string; B0: string; B2: string; A1: string; A2: string };
  /** Confidential texts of L1: the seller's name and e-mail, the CIM's file name, the message's subject, B1's e-mail. */
  secrets: string[];
}

const PASSWORD = 'matrix-pass-2026';

async function call(request: APIRequestContext, method: string, url: string, headers: Record<string, string>, data?: unknown) {
  const res = await request.fetch(`/api${url}`, { method, headers, data });
  const text = await res.text();
  expect(res.ok(), `${method} ${url}: ${res.status()} ${text}`).toBe(true);
  return text ? JSON.parse(text) : undefined;
}

export async function seedWorld(request: APIRequestContext): Promise<World> {
  const broker = (await brokerSession(request, true)).headers;
  const tag = Date.now().toString(36);
  const user = async (role: string, name: string) => {
    const email = uniqueEmail(`matrix-${role.toLowerCase()}`);
    const body = await call(request, 'POST', '/admin/users', broker, { email, password: PASSWORD, name: `${name} ${tag}`, role });
    return { id: body.user.id as string, email, name: `${name} ${tag}` };
  };
  const [A1, A2, S1, S2, B1, B0, B2, X] = await Promise.all([
    user('AGENT', 'Matrix Agent'), user('AGENT', 'Matrix Other Agent'), user('SELLER', 'Matrix Seller'),
    user('SELLER', 'Matrix Other Seller'), user('BUYER', 'Matrix Buyer'), user('BUYER', 'Matrix Early Buyer'),
    user('BUYER', 'Matrix Other Buyer'), user('BUYER', 'Matrix Archived Buyer'),
  ]);
  const listing = async (title: string, sellerId: string, agentId: string | null, buyerIds: string[]) =>
    (await call(request, 'POST', '/broker/listings', broker, { title: `${title} ${tag}`, description: `${title}: a matrix listing`, price: '350000', sellerId, agentId, buyerIds })).listing.id as string;
  const L1 = await listing('Matrix Roastery', S1.id, A1.id, [B1.id, B0.id, X.id]);
  const L2 = await listing('Matrix Bakery', S2.id, null, [B2.id]);

  const sessions: Record<string, Record<string, string>> = {};
  for (const [k, u] of Object.entries({ A1, A2, S1, S2, B1, B0, B2, X })) sessions[k] = (await apiLogin(request, u.email, PASSWORD)).headers;

  // Each client selects their listing; the broker then completes every step of S1, B1, S2 and B2.
  for (const [who, kind, L] of [['S1', 'seller', L1], ['S2', 'seller', L2], ['B1', 'buyer', L1], ['B0', 'buyer', L1], ['B2', 'buyer', L2], ['X', 'buyer', L1]] as const) {
    await call(request, 'POST', `/${kind}/select-listing`, sessions[who]!, { listingId: L });
  }
  for (const [u, kind, L] of [[S1, 'sellers', L1], [S2, 'sellers', L2], [B1, 'buyers', L1], [B2, 'buyers', L2]] as const) {
    for (let step = 0; step <= 10; step++) {
      const res = await request.post(`/api/broker/${kind}/${u.id}/listings/${L}/steps/${step}/complete`, { headers: broker });
      expect([200, 201, 409], `complete step ${step} of ${u.name}: ${await res.text()}`).toContain(res.status());
    }
  }

  const cimName = `matrix-cim-${tag}.pdf`;
  const upload = await request.post(`/api/broker/listings/${L1}/documents`, {
    headers: broker,
    multipart: { documentType: 'CBR_CIM', stepId: '4', audience: 'ALL', file: { name: cimName, mimeType: 'application/pdf', buffer: await realPdf('Matrix CIM') } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const D1 = (await upload.json()).document.id as string;

  const dd = await request.post(`/api/broker/listings/${L1}/due-diligence/upload`, {
    headers: broker,
    multipart: { documentName: 'Tax Returns (2 years)', documentType: 'DUE_DILIGENCE', stepId: '7', buyerId: B1.id, file: { name: `matrix-tax-${tag}.pdf`, mimeType: 'application/pdf', buffer: await realPdf('Matrix tax returns') } },
  });
  expect(dd.status(), await dd.text()).toBe(201);
  const DD1 = (await dd.json()).document.id as string;

  const subject = `Matrix offer terms ${tag}`;
  const sent = await request.post('/api/messages/send', {
    headers: sessions.B1!,
    multipart: { receiverId: A1.id, subject, content: 'Matrix: the terms we discussed.', attachments: { name: `matrix-terms-${tag}.pdf`, mimeType: 'application/pdf', buffer: await realPdf('Matrix terms') } },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const message = (await sent.json()).data;
  const M1 = message.id as string;
  const M1A = message.attachments[0].id as string;

  // The archived buyer's session was open when the broker archived them.
  await call(request, 'PATCH', `/broker/buyers/${X.id}/archive`, broker);

  return {
    headers: {
      anonymous: {}, archived: sessions.X!, broker, agent: sessions.A1!, otherAgent: sessions.A2!, seller: sessions.S1!,
      otherSeller: sessions.S2!, buyer: sessions.B1!, buyerBeforeNda: sessions.B0!, otherBuyer: sessions.B2!,
    },
    role: {
      anonymous: null, archived: 'BUYER', broker: 'BROKER', agent: 'AGENT', otherAgent: 'AGENT', seller: 'SELLER',
      otherSeller: 'SELLER', buyer: 'BUYER', buyerBeforeNda: 'BUYER', otherBuyer: 'BUYER',
    },
    ids: { L1, L2, D1, DD1, M1, M1A, S1: S1.id, S2: S2.id, B1: B1.id, B0: B0.id, B2: B2.id, A1: A1.id, A2: A2.id },
    secrets: [S1.name, S1.email, cimName, subject, B1.email],
  };
}
