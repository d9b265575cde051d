import { PreCloseChecklist } from './pre-close-checklist/pre-close-checklist.entity.js';
import { CreatePreCloseChecklists1763700300000 } from '../migrations/1763700300000-CreatePreCloseChecklists.js';
import { ChecklistItemsAndHistory1763800000000 } from '../migrations/1763800000000-ChecklistItemsAndHistory.js';
import { ChecklistEditorFromHistory1763800100000 } from '../migrations/1763800100000-ChecklistEditorFromHistory.js';

export const CHECKLISTS_ENTITIES = [PreCloseChecklist];
export const CHECKLISTS_MIGRATIONS = [CreatePreCloseChecklists1763700300000, ChecklistItemsAndHistory1763800000000, ChecklistEditorFromHistory1763800100000];
