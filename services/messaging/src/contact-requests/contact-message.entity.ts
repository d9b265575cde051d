import { Column, Entity } from 'typeorm';
import { PublicSubmissionColumns } from './public-submission.columns.js';

/** A message sent with the public contact form (spec part 1 §3); read in the brokers' inbox. */
@Entity({ name: 'contact_messages' })
export class ContactMessageEntity extends PublicSubmissionColumns {
  @Column({ type: 'varchar', length: 50 })
  phone!: string;

  @Column({ type: 'varchar', length: 300 })
  subject!: string;

  @Column({ type: 'text' })
  message!: string;
}
