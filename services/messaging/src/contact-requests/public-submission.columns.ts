import { Column, CreateDateColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The columns the public contact form and the call-back request both store (each in its own table: contact_messages,
 * callback_requests): who sent it, from where, and when. Each entity adds its own message columns.
 */
export abstract class PublicSubmissionColumns {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 200 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 200 })
  lastName!: string;

  @Column({ type: 'varchar', length: 320 })
  email!: string;

  /** Set when the visitor was signed in. */
  @Column({ name: 'sender_user_id', type: 'uuid', nullable: true })
  senderUserId!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip!: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
