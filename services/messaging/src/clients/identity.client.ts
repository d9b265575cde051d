import { Injectable } from '@nestjs/common';
import {
  IDENTITY_CONTACTS_PATH,
  internalContactsResponseSchema,
  internalUsersResponseSchema,
  type Contact,
  type InternalUser,
} from '@brokerage/contracts';
import { InternalHttpClient, loadConfig } from '@brokerage/nest-common';

/** Identity's internal user API: whom a user may message, and users by id or role. */
@Injectable()
export class IdentityClient {
  private client: InternalHttpClient | null = null;

  private get http(): InternalHttpClient {
    this.client ??= new InternalHttpClient({ from: 'messaging', baseUrl: loadConfig().IDENTITY_URL, connectTimeoutMs: 1000, timeoutMs: 5000 });
    return this.client;
  }

  /** GET /users's rule for userId (active users only, never userId). */
  async contactsOf(userId: string): Promise<Contact[]> {
    return internalContactsResponseSchema.parse(await this.http.get<unknown>(IDENTITY_CONTACTS_PATH(userId))).users;
  }

  async lookup(ids: string[]): Promise<InternalUser[]> {
    if (ids.length === 0) return [];
    return internalUsersResponseSchema.parse(await this.http.post<unknown>('/internal/users/lookup', { ids })).users;
  }

  async activeBrokers(): Promise<InternalUser[]> {
    const { users } = internalUsersResponseSchema.parse(await this.http.get<unknown>('/internal/users?role=BROKER'));
    return users.filter((u) => u.isActive);
  }
}
