import { CreatePreCloseChecklists1763700300000 } from '../migrations/1763700300000-CreatePreCloseChecklists.js';
import { ChecklistItemsAndHistory1763800000000 } from '../migrations/1763800000000-ChecklistItemsAndHistory.js';
import { ChecklistEditorFromHistory1763800100000 } from '../migrations/1763800100000-ChecklistEditorFromHistory.js';

/** None: the checklist tables are read and written with SQL in the repository (migrations keep their history). */
export const CHECKLISTS_ENTITIES = [];
export const CHECKLISTS_MIGRATIONS = [CreatePreCloseChecklists1763700300000, ChecklistItemsAndHistory1763800000000, ChecklistEditorFromHistory1763800100000];
