import { PreCloseChecklist } from './pre-close-checklist/pre-close-checklist.entity.js';
import { CreatePreCloseChecklists1763700300000 } from '../migrations/1763700300000-CreatePreCloseChecklists.js';

export const CHECKLISTS_ENTITIES = [PreCloseChecklist];
export const CHECKLISTS_MIGRATIONS = [CreatePreCloseChecklists1763700300000];
