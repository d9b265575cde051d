import { Inject, Injectable, Logger } from '@nestjs/common';
import { ROLE_HOME, type NewMessageNotice, type NewMessageNoticeAnswer } from '@brokerage/contracts';
import { notFound } from '../common/errors.js';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity-config.js';
import { MailService } from '../mail/mail.service.js';
import { RedisService } from '../redis/redis.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { newMessageNoticeMail } from './new-message-mail.js';

/** Redis mark of a handled notice: "pending" while its e-mail is being sent, then "sent" for NOTICE_KEEP_S. */
export const noticeKey = (messageId: string) => `notice:new-message:${messageId}`;
const PENDING_S = 60;
const NOTICE_KEEP_S = 30 * 24 * 3600;

/** New-message e-mails for messaging (no message content ever: the mail links to the receiver's Messages screen). */
@Injectable()
export class NoticesService {
  private readonly logger = new Logger(NoticesService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly mail: MailService,
    private readonly redis: RedisService,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * Once per messageId: the e-mail is sent before the call answers (a failure answers 5xx and messaging retries).
   * An unknown receiver → 404; an archived one gets no e-mail.
   */
  async newMessage(n: NewMessageNotice): Promise<NewMessageNoticeAnswer> {
    const user = await this.users.findById(n.receiverId);
    if (!user) throw notFound('User not found');
    const key = noticeKey(n.messageId);
    const claimed = await this.redis.client.set(key, 'pending', 'EX', PENDING_S, 'NX');
    if (claimed !== 'OK') return { sent: false, duplicate: true };
    try {
      if (!user.isActive) {
        await this.redis.client.set(key, 'skipped', 'EX', NOTICE_KEEP_S);
        return { sent: false, duplicate: false };
      }
      const link = `${this.config.PUBLIC_URL}${ROLE_HOME[user.role]}/messages`;
      await this.mail.send(newMessageNoticeMail(user.email, user.name, n.senderName.trim(), link));
      await this.redis.client.set(key, 'sent', 'EX', NOTICE_KEEP_S);
      return { sent: true, duplicate: false };
    } catch (err) {
      await this.redis.client.del(key).catch(() => undefined);
      this.logger.warn(`new-message notice ${n.messageId} not sent: ${(err as Error).message}`);
      throw err;
    }
  }
}
