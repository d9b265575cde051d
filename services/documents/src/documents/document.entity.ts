import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A stored file's metadata (bytes in S3 under storageKey). */
@Entity({ name: 'documents' })
export class DocumentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'listing_id', type: 'uuid', nullable: true })
  listingId!: string | null;

  @Column({ name: 'owner_id', type: 'uuid', nullable: true })
  ownerId!: string | null;

  @Column({ type: 'varchar', length: 64 })
  category!: string;

  @Column({ name: 'file_name', type: 'varchar', length: 500 })
  fileName!: string;

  @Column({ name: 'content_type', type: 'varchar', length: 200, default: 'application/octet-stream' })
  contentType!: string;

  @Column({ name: 'size_bytes', type: 'bigint', default: 0, transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  sizeBytes!: number;

  @Column({ name: 'storage_key', type: 'varchar', length: 600, unique: true })
  storageKey!: string;

  @Column({ name: 'uploaded_by', type: 'uuid', nullable: true })
  uploadedBy!: string | null;

  @Column({ name: 'uploaded_by_role', type: 'varchar', length: 16, nullable: true })
  uploadedByRole!: string | null;

  @Column({ type: 'varchar', length: 40, default: 'UPLOADED_DOC' })
  type!: string;

  @Column({ name: 'step_id', type: 'smallint', nullable: true })
  stepId!: number | null;

  /** SELLER, BUYERS, ALL or BUYER (buyerId): who besides the listing's staff may see it. */
  @Column({ type: 'varchar', length: 16, default: 'SELLER' })
  audience!: string;

  @Column({ name: 'buyer_id', type: 'uuid', nullable: true })
  buyerId!: string | null;

  @Column({ type: 'char', length: 64, default: '' })
  sha256!: string;

  @Column({ name: 'uploaded_by_name', type: 'varchar', length: 200, default: '' })
  uploadedByName!: string;

  /** The due-diligence document name (one of the 16) a file is filed under; null otherwise (issue 10 §2). */
  @Column({ name: 'due_diligence_name', type: 'varchar', length: 100, nullable: true })
  dueDiligenceName!: string | null;

  /** Which requested document the file is (a key of its checklist, contracts document-tags.ts); null when untagged. */
  @Column({ type: 'varchar', length: 60, nullable: true })
  tag!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
