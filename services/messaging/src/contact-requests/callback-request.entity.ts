import { Column, Entity } from 'typeorm';
import { PublicSubmissionColumns } from './public-submission.columns.js';

/** A "Request a Call Back" submission (spec part 1 §3); read in the brokers' inbox. */
@Entity({ name: 'callback_requests' })
export class CallbackRequestEntity extends PublicSubmissionColumns {
  @Column({ type: 'text', default: '' })
  message!: string;
}
