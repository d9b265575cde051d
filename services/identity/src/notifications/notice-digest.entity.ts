import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A daily digest sent (`identity.notice_digests`): at most one per user and local date. */
@Entity({ name: 'notice_digests' })
export class NoticeDigestRow {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ name: 'local_date', type: 'date' })
  localDate!: string;

  @Column({ name: 'sent_at', type: 'timestamptz' })
  sentAt!: Date;

  @Column({ type: 'integer', default: 0 })
  items!: number;
}
