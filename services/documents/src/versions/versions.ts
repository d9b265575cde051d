import { UNVERSIONED_TYPES, type DocumentCategory, type DocumentType, type IdentityClaims } from '@brokerage/contracts';
import { z } from 'zod';
import { firstRow } from '@brokerage/nest-common';

/**
 * Issue 23 §4: a staff upload with the type and file name of an earlier staff upload of the listing (for the same
 * buyer, or for none) is that document's next version. The listing agreement and the contracts keep their own flow.
 */
export const isVersioned = (category: DocumentCategory, type: DocumentType) => category === 'STAFF_UPLOAD' && !UNVERSIONED_TYPES.includes(type);

/** The versions' group: the first version's id. */
export const versionGroup = (d: { id: string; versionOf: string | null }) => d.versionOf ?? d.id;

/** Per group: how many versions there are and the current (highest) one. */
export function versionIndex(docs: ReadonlyArray<{ id: string; versionOf: string | null; version: number }>): Map<string, { count: number; current: number }> {
  const index = new Map<string, { count: number; current: number }>();
  for (const d of docs) {
    const g = index.get(versionGroup(d)) ?? { count: 0, current: 0 };
    index.set(versionGroup(d), { count: g.count + 1, current: Math.max(g.current, d.version) });
  }
  return index;
}

/** Clients (seller, buyers) see only a document's current version; staff every one. */
export const seesEveryVersion = (user: Pick<IdentityClaims, 'role'>) => user.role === 'BROKER' || user.role === 'AGENT';

interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}
const latestRow = z.object({ grp: z.string(), version: z.number() }).describe('latestVersionRow');

/**
 * The version a new staff document takes, inside its insert's transaction: one advisory lock per listing × type ×
 * name × buyer serialises concurrent uploads of the same name (each gets its own number, never a duplicate).
 */
export async function nextVersion(
  m: Queryable,
  d: { listingId: string; type: DocumentType; fileName: string; buyerId: string | null },
): Promise<{ versionOf: string | null; version: number }> {
  const key = `documents.version:${d.listingId}:${d.type}:${d.buyerId ?? ''}:${d.fileName}`;
  await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [key]);
  const latest = firstRow(latestRow, await m.query(
    `SELECT coalesce(version_of, id) AS grp, version FROM documents.documents
      WHERE listing_id = $1 AND type = $2 AND file_name = $3 AND buyer_id IS NOT DISTINCT FROM $4 AND category = 'STAFF_UPLOAD'
        AND question_id IS NULL
      ORDER BY version DESC, created_at DESC LIMIT 1`,
    [d.listingId, d.type, d.fileName, d.buyerId],
  ));
  return latest ? { versionOf: latest.grp, version: latest.version + 1 } : { versionOf: null, version: 1 };
}
