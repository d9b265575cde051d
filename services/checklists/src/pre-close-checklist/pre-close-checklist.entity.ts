import { CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** The shared pre-close checklist of one listing: its items are rows of checklists.checklist_items, its flips rows of
 *  checklists.checklist_history (the newest one gives the last editor); written with SQL in the repository. */
@Entity({ name: 'pre_close_checklists' })
export class PreCloseChecklist {
  @PrimaryColumn({ name: 'listing_id', type: 'uuid' })
  listingId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
