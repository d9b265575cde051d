import type { DocumentRow } from '../documents/documents.repository.js';
import type { S3StorageService } from '../storage/s3-storage.service.js';

/** Where the viewer keeps what it made of a document: every viewer's stamped copy and page images, a Word file's PDF. */
export const viewerPrefix = (doc: Pick<DocumentRow, 'id' | 'listingId'>): string => `listings/${doc.listingId}/viewer/${doc.id}/`;

/**
 * A deleted document's viewer objects go with it (its stored file is removed by the caller). Best effort, like the
 * file's removal: an object left behind is never served (the document's row is gone) and goes with the listing.
 */
export async function removeViewerObjects(storage: S3StorageService, doc: Pick<DocumentRow, 'id' | 'listingId'>): Promise<number> {
  const keys = await storage.list(viewerPrefix(doc));
  await Promise.all(keys.map((k) => storage.remove(k).catch(() => undefined)));
  return keys.length;
}
