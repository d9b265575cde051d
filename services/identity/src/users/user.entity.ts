import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from '@brokerage/contracts';

/** Optional registration / NDA fields (spec part 1 §3), kept as free text. */
export type UserProfile = Record<string, unknown>;

@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /** Always stored lower-cased; unique index on lower(email) in the migration. */
  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ type: 'varchar', length: 50, nullable: true })
  phone!: string | null;

  @Column({ type: 'varchar', length: 16 })
  role!: Role;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash!: string | null;

  @Column({ name: 'password_set_at', type: 'timestamptz', nullable: true })
  passwordSetAt!: Date | null;

  /** A seller's agent. */
  @Column({ name: 'manager_id', type: 'uuid', nullable: true })
  managerId!: string | null;

  /** Set while an NDA sign-up is in flight (account inactive); cleared when listings recorded the NDA. */
  @Column({ name: 'signup_pending_since', type: 'timestamptz', nullable: true })
  signupPendingSince!: Date | null;

  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  profile!: UserProfile;
}
