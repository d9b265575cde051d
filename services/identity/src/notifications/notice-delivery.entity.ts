import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One recipient's e-mail of one event (`identity.notice_deliveries`): right away or in the digest; sent once. */
@Entity({ name: 'notice_deliveries' })
export class NoticeDeliveryRow {
  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 8 })
  delivery!: 'now' | 'digest';

  @Column({ type: 'varchar', length: 8, default: 'pending' })
  status!: 'pending' | 'sent' | 'skipped';

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  /** The digest's local date it went out in (digest deliveries). */
  @Column({ name: 'digest_date', type: 'date', nullable: true })
  digestDate!: string | null;
}
