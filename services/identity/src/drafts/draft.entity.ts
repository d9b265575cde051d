import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user's draft of one form (`identity.drafts`, migration Drafts). */
@Entity({ name: 'drafts' })
export class Draft {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'varchar', length: 100 })
  key!: string;

  @Column({ type: 'jsonb' })
  data!: Record<string, unknown>;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
