import { Injectable } from '@nestjs/common';
import { NEW_MESSAGE_NOTICE_PATH, newMessageNoticeAnswerSchema, newMessageNoticeSchema, type NewMessageNotice, type NewMessageNoticeAnswer } from '@brokerage/contracts';
import { InternalHttpClient, loadConfig } from '@brokerage/nest-common';

/** Identity's notice command: it e-mails the receiver (messaging never reads identity's users). */
@Injectable()
export class IdentityNoticesClient {
  private client: InternalHttpClient | null = null;

  private get http(): InternalHttpClient {
    this.client ??= new InternalHttpClient({ from: 'messaging', baseUrl: loadConfig().IDENTITY_URL, connectTimeoutMs: 1000, timeoutMs: 10000 });
    return this.client;
  }

  async newMessage(notice: NewMessageNotice): Promise<NewMessageNoticeAnswer> {
    return newMessageNoticeAnswerSchema.parse(await this.http.post<unknown>(NEW_MESSAGE_NOTICE_PATH, newMessageNoticeSchema.parse(notice)));
  }
}
