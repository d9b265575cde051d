/** identity's BullMQ queue of e-mail notices (jobs 'send', 'digest', 'digest-tick'). */
export const NOTICE_QUEUE = 'identity.notices';
export const NOTICE_JOB = { send: 'send', digest: 'digest', tick: 'digest-tick' } as const;
/** The digest tick's job scheduler id (one per deployment, whatever the replicas). */
export const DIGEST_SCHEDULER_ID = 'notices-digest-tick';
const WEEK_S = 7 * 24 * 3600;
/** A send or digest job: retried with back-off (1 s, 2 s, 4 s … ≈ 4 min in all); kept a week so a re-add is a no-op. */
export const NOTICE_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: WEEK_S },
  removeOnFail: { age: 4 * WEEK_S },
} as const;
/** jobIds: BullMQ refuses a custom id with one ':' (its own separator), so '_' joins the parts. */
export const sendJobId = (eventId: string, userId: string) => `${eventId}_${userId}`;
export const digestJobId = (userId: string, localDate: string) => `digest_${userId}_${localDate}`;
