import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

import type { ListingStatus } from '@brokerage/contracts';
export type { ListingStatus };

/** numeric(14,2) comes back from pg as a string; the API speaks numbers. */
export const moneyTransformer = {
  to: (v: number | null | undefined) => v,
  from: (v: string | null) => (v === null ? null : Number(v)),
};

@Entity({ name: 'listings' })
export class Listing {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 300 })
  title!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'numeric', precision: 14, scale: 2, transformer: moneyTransformer })
  price!: number;

  @Column({ type: 'varchar', length: 16, default: 'ACTIVE' })
  status!: ListingStatus;

  @Column({ name: 'seller_id', type: 'uuid', nullable: true })
  sellerId!: string | null;

  @Column({ name: 'agent_id', type: 'uuid', nullable: true })
  agentId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
