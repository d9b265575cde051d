import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One message; each side deletes only its own copy (sender_deleted_at / receiver_deleted_at). */
@Entity({ name: 'messages' })
export class MessageEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'sender_id', type: 'uuid' }) senderId!: string;
  @Column({ name: 'sender_name', type: 'varchar', length: 200 }) senderName!: string;
  @Column({ name: 'receiver_id', type: 'uuid' }) receiverId!: string;
  @Column({ name: 'receiver_name', type: 'varchar', length: 200 }) receiverName!: string;
  @Column({ type: 'varchar', length: 200 }) subject!: string;
  @Column({ type: 'text' }) content!: string;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'read_at', type: 'timestamptz', nullable: true }) readAt!: Date | null;
  @Column({ name: 'sender_deleted_at', type: 'timestamptz', nullable: true }) senderDeletedAt!: Date | null;
  @Column({ name: 'receiver_deleted_at', type: 'timestamptz', nullable: true }) receiverDeletedAt!: Date | null;
}

/** A file of a message, stored in S3 under a generated key (never the client's file name). */
@Entity({ name: 'message_attachments' })
export class MessageAttachmentEntity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'message_id', type: 'uuid' }) messageId!: string;
  @Column({ name: 'file_name', type: 'varchar', length: 255 }) fileName!: string;
  @Column({ name: 'content_type', type: 'varchar', length: 100 }) contentType!: string;
  @Column({ name: 'file_size', type: 'bigint' }) fileSize!: string;
  @Column({ name: 'storage_key', type: 'varchar', length: 300 }) storageKey!: string;
  @Column({ type: 'int' }) position!: number;
}
