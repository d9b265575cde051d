import { deflateSync } from 'node:zlib';
import { DEMO_IDENTITIES, identityHeader } from '@brokerage/nest-common/testing';
import type { IdentityClaims, InternalUser } from '@brokerage/contracts';

export const PEOPLE = {
  ...DEMO_IDENTITIES,
  agent2: { sub: '00000000-0000-4000-8000-000000000012', role: 'AGENT', name: 'Drew Agent' },
  buyer2: { sub: '00000000-0000-4000-8000-000000000014', role: 'BUYER', name: 'Bo Buyer' },
} satisfies Record<string, IdentityClaims>;
export type Person = keyof typeof PEOPLE;
export const id = (p: Person) => PEOPLE[p].sub;
export const as = (p: Person) => identityHeader(PEOPLE[p]);

export const LISTING = '00000000-0000-4000-8000-000000000101';
export const LISTING2 = '00000000-0000-4000-8000-000000000102';

export const directoryUsers = (): InternalUser[] =>
  (Object.keys(PEOPLE) as Person[]).map((p) => ({
    id: id(p), name: PEOPLE[p].name, email: `${p}@example.com`, role: PEOPLE[p].role as InternalUser['role'],
    phone: null, isActive: true, createdAt: '2026-01-01T00:00:00.000Z', managerId: null, company: null,
  }));

/** Who may message whom (identity's rule, as the stub answers it): buyer2 and agent2 deal only with the broker. */
export const contactTable = () =>
  new Map<string, string[]>([
    [id('broker'), [id('agent'), id('agent2'), id('seller'), id('buyer'), id('buyer2')]],
    [id('agent'), [id('broker'), id('agent2'), id('seller'), id('buyer')]],
    [id('agent2'), [id('broker'), id('agent')]],
    [id('seller'), [id('broker'), id('agent')]],
    [id('buyer'), [id('broker'), id('agent')]],
    [id('buyer2'), [id('broker')]],
  ]);

// ---- real file contents (magic bytes) ----

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};
/** A 1×1 PNG. */
export const PNG = (() => {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
})();
/** A Windows executable's first bytes. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
