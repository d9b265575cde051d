import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');
const files = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));

/**
 * Issue 18 §3 "every delete emits its event": a listing row goes in one statement, called from one method that writes
 * listing.deleted in the same transaction (the broker's DELETE and a seller's user.deleted both use it; their specs,
 * broker-listings and user-events, check the event).
 */
describe('no path deletes a listing without listing.deleted', () => {
  it('listings.listings rows are deleted in one place, and its one caller records listing.deleted next to it', () => {
    const sources = files(SRC).filter((f) => f.endsWith('.ts')).map((f) => ({ f: path.relative(SRC, f), text: fs.readFileSync(f, 'utf8') }));
    const deleters = sources.filter(({ text }) => /DELETE\s+FROM\s+(listings\.)?"?listings"?(\s|`|;)/i.test(text) || /getRepository\(Listing\)\.(delete|remove)\(/.test(text));
    expect(deleters.map((d) => d.f)).toEqual([path.join('listings', 'listings.repository.ts')]);
    const callers = sources.filter(({ text }) => /\.listings\.delete\(em/.test(text));
    expect(callers.map((c) => c.f)).toEqual([path.join('listings', 'listing-admin.service.ts')]);
    const admin = callers[0]!.text;
    expect(admin.match(/\.listings\.delete\(/g)).toHaveLength(1);
    const deleteIn = admin.slice(admin.indexOf('async deleteIn('));
    expect(deleteIn.slice(0, deleteIn.indexOf('\n  }\n'))).toMatch(/this\.listings\.delete\(em, id\)[\s\S]*this\.outbox\.add\(em, LISTING_DELETED/);
  });
});
