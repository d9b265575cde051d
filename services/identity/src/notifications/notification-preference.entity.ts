import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { NotificationDelivery, NotificationKind } from '@brokerage/contracts';

/** A user's chosen delivery of one kind (`identity.notification_preferences`); no row: the role's default. */
@Entity({ name: 'notification_preferences' })
export class NotificationPreferenceRow {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  kind!: NotificationKind;

  @Column({ type: 'varchar', length: 8 })
  delivery!: NotificationDelivery;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
