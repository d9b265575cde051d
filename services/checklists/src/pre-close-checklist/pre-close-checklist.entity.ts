import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type ChecklistResponsible = 'buyer' | 'seller' | 'broker';

/** Spec part 2 §3: checklist item. */
export interface ChecklistItem {
  id: string;
  task: string;
  completed: boolean;
  responsible: ChecklistResponsible;
  required: boolean;
  completedBy: string | null;
  completedAt: string | null;
}

/** Spec part 2 §3: checklist category. */
export interface ChecklistCategory {
  id: string;
  title: string;
  items: ChecklistItem[];
}

export interface ChecklistEditor {
  id: string;
  name: string;
  role: string;
}

/** The shared pre-close checklist of one listing. */
@Entity({ name: 'pre_close_checklists' })
export class PreCloseChecklist {
  @PrimaryColumn({ name: 'listing_id', type: 'uuid' })
  listingId!: string;

  @Column({ type: 'jsonb' })
  checklist!: ChecklistCategory[];

  @Column({ name: 'last_updated_by', type: 'jsonb', nullable: true })
  lastUpdatedBy!: ChecklistEditor | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
