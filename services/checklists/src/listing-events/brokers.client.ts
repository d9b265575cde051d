import { Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import { InternalHttpClient, loadConfig } from '@brokerage/nest-common';

/** What this needs of identity's internal user (the rest of `internalUserSchema` may grow without breaking it). */
const brokersAnswerSchema = z.object({ users: z.array(z.object({ id: z.string(), role: z.string(), isActive: z.boolean() })) });

/** How long the active brokers' ids are kept before identity is asked again. */
const BROKERS_TTL_MS = 60_000;
/** After a failed lookup, identity is asked again this soon (the parties still get their notices meanwhile). */
const RETRY_MS = 5_000;

/**
 * The active brokers (every broker is a party of every listing, spec part 2 §6): identity's
 * `GET /internal/users?role=BROKER`, kept a minute. A failed lookup gives no brokers (logged), never an error.
 */
@Injectable()
export class BrokersClient {
  private readonly logger = new Logger(BrokersClient.name);
  private client: InternalHttpClient | null = null;
  private cached: { ids: string[]; until: number } | null = null;
  private inflight: Promise<string[]> | null = null;

  private get http(): InternalHttpClient {
    this.client ??= new InternalHttpClient({ from: 'checklists', baseUrl: loadConfig().IDENTITY_URL, connectTimeoutMs: 2000, timeoutMs: 5000 });
    return this.client;
  }

  async brokerIds(): Promise<string[]> {
    if (this.cached && this.cached.until > Date.now()) return this.cached.ids;
    this.inflight ??= this.load().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async load(): Promise<string[]> {
    try {
      const { users } = brokersAnswerSchema.parse(await this.http.get('internal/users?role=BROKER'));
      const ids = users.filter((u) => u.role === 'BROKER' && u.isActive).map((u) => u.id);
      this.cached = { ids, until: Date.now() + BROKERS_TTL_MS };
      return ids;
    } catch (err) {
      this.logger.warn(`brokers not known for live checklist notices: ${(err as Error).message}`);
      this.cached = { ids: this.cached?.ids ?? [], until: Date.now() + RETRY_MS };
      return this.cached.ids;
    }
  }
}
