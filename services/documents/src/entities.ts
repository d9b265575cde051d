import { DocumentEntity } from './documents/document.entity.js';
import { GeneratedPdf } from './pdf/generated-pdf.entity.js';
import { CreateDocuments1763700400000 } from '../migrations/1763700400000-CreateDocuments.js';

export const DOCUMENTS_ENTITIES = [DocumentEntity, GeneratedPdf];
export const DOCUMENTS_MIGRATIONS = [CreateDocuments1763700400000];
