import { GeneratedPdf } from './pdf/generated-pdf.entity.js';
import { CreateDocuments1763700400000 } from '../migrations/1763700400000-CreateDocuments.js';
import { DocumentsMetadataDownloadsOutbox1763900000000 } from '../migrations/1763900000000-DocumentsMetadataDownloadsOutbox.js';
import { DueDiligence1764100000000 } from '../migrations/1764100000000-DueDiligence.js';
import { DocumentTags1764300000000 } from '../migrations/1764300000000-DocumentTags.js';
import { OneOutboxShape1764800000000 } from '../migrations/1764800000000-OneOutboxShape.js';
import { DocumentPermissions1765100000000 } from '../migrations/1765100000000-DocumentPermissions.js';
import { DocumentRevocations1765100100000 } from '../migrations/1765100100000-DocumentRevocations.js';
import { DocumentVersions1765100200000 } from '../migrations/1765100200000-DocumentVersions.js';
import { PageEngagement1765100300000 } from '../migrations/1765100300000-PageEngagement.js';
import { DownloadsVia1765100400000 } from '../migrations/1765100400000-DownloadsVia.js';
import { Questions1765200000000 } from '../migrations/1765200000000-Questions.js';

export const DOCUMENTS_ENTITIES = [GeneratedPdf];
export const DOCUMENTS_MIGRATIONS = [CreateDocuments1763700400000, DocumentsMetadataDownloadsOutbox1763900000000, DueDiligence1764100000000, DocumentTags1764300000000, OneOutboxShape1764800000000,
  DocumentPermissions1765100000000, DocumentRevocations1765100100000, DocumentVersions1765100200000, PageEngagement1765100300000, DownloadsVia1765100400000, Questions1765200000000];
