import { Inject, Injectable, Logger } from '@nestjs/common';
import type { InternalUser, InternalUsersResponse, Role } from '@brokerage/contracts';
import { InternalHttpClient, InternalHttpError, SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';

/** How long a person looked up by id is kept (names in listing responses are at most this old). */
export const PEOPLE_CACHE_MS = 30_000;

/**
 * People come from identity (contracts people.ts): names for listing responses, the staff lists' sellers/buyers/agents.
 * Lookups by id are cached for 30 s (names change rarely; lists call it for hundreds of ids).
 */
@Injectable()
export class IdentityUsersClient {
  private readonly logger = new Logger(IdentityUsersClient.name);
  private readonly http: InternalHttpClient;
  private readonly cache = new Map<string, { user: InternalUser; until: number }>();

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    this.http = new InternalHttpClient({ from: 'listings', baseUrl: config.IDENTITY_URL });
  }

  /** Users by id (unknown ids left out). Throws 503 when identity is unreachable. */
  async lookup(ids: Iterable<string>): Promise<Map<string, InternalUser>> {
    const now = Date.now();
    const out = new Map<string, InternalUser>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const hit = this.cache.get(id);
      if (hit && hit.until > now) out.set(id, hit.user);
      else missing.push(id);
    }
    for (let i = 0; i < missing.length; i += 1000) {
      const { users } = await this.http.post<InternalUsersResponse>('/internal/users/lookup', { ids: missing.slice(i, i + 1000) });
      for (const u of users) this.remember(u, out);
    }
    return out;
  }

  /** Names for display; when identity is down the listing still answers (names empty) rather than failing. */
  async names(ids: Iterable<string>): Promise<Map<string, InternalUser>> {
    try {
      return await this.lookup(ids);
    } catch (err) {
      if (!(err instanceof InternalHttpError) || err.getStatus() !== 503) throw err;
      this.logger.warn('identity unavailable: listing names left empty');
      return new Map();
    }
  }

  async byRole(role: Role, managerId?: string): Promise<InternalUser[]> {
    const q = new URLSearchParams({ role, ...(managerId ? { managerId } : {}) });
    const { users } = await this.http.get<InternalUsersResponse>(`/internal/users?${q}`);
    const out = new Map<string, InternalUser>();
    for (const u of users) this.remember(u, out);
    return users;
  }

  private remember(u: InternalUser, into: Map<string, InternalUser>): void {
    this.cache.set(u.id, { user: u, until: Date.now() + PEOPLE_CACHE_MS });
    into.set(u.id, u);
  }
}
