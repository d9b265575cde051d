import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { NotificationKind } from '@brokerage/contracts';

/** A notice command received (`identity.notice_events`): its eventId once, whatever the repeats. */
@Entity({ name: 'notice_events' })
export class NoticeEventRow {
  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ type: 'varchar', length: 32 })
  kind!: NotificationKind;

  /** The command (headline, link, listing, actor) the e-mails are written from. */
  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
