import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type GeneratedPdfStatus = 'PENDING' | 'READY' | 'FAILED';

/** A PDF requested from the pdf worker, keyed by the caller's idempotency key. */
@Entity({ name: 'generated_pdfs' })
export class GeneratedPdf {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'job_key', type: 'varchar', length: 200, unique: true })
  jobKey!: string;

  @Column({ type: 'varchar', length: 300 })
  title!: string;

  /** The request itself, so a lost enqueue can be replayed (outbox). */
  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Column({ type: 'varchar', length: 16, default: 'PENDING' })
  status!: GeneratedPdfStatus;

  @Column({ name: 'storage_key', type: 'varchar', length: 600, nullable: true })
  storageKey!: string | null;

  @Column({ name: 'size_bytes', type: 'bigint', nullable: true, transformer: { to: (v: number | null) => v, from: (v: string | null) => (v === null ? null : Number(v)) } })
  sizeBytes!: number | null;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;
}
