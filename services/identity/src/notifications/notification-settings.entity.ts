import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user's time zone for the daily digest (`identity.notification_settings`); none: the firm's. */
@Entity({ name: 'notification_settings' })
export class NotificationSettingsRow {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'time_zone', type: 'varchar', length: 64, nullable: true })
  timeZone!: string | null;

  /** true once the user's browser sent its time zone. */
  @Column({ name: 'time_zone_from_browser', type: 'boolean', default: false })
  timeZoneFromBrowser!: boolean;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
