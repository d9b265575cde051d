import { Injectable } from '@nestjs/common';
import type { InternalUser, InternalUsersQuery } from '@brokerage/contracts';
import { isUuid } from '../common/tokens.js';
import { toInternalUser } from '../users/user.mapper.js';
import { UserViewsRepository } from '../users/user-views.repository.js';

const MAX_IDS = 1000;

/** Identity's user directory for the other services (never a hash). */
@Injectable()
export class InternalUsersService {
  constructor(private readonly views: UserViewsRepository) {}

  /** No filter at all answers no one (a caller never needs every user by accident). */
  async find(q: InternalUsersQuery): Promise<InternalUser[]> {
    if (q.ids === undefined && !q.role && !q.managerId) return [];
    const ids = q.ids === undefined ? undefined : [...new Set(q.ids.split(',').map((s) => s.trim()).filter(isUuid))].slice(0, MAX_IDS);
    if (ids && ids.length === 0) return [];
    const rows = await this.views.find({ ids, roles: q.role ? [q.role] : undefined, managerId: q.managerId });
    return rows.map(toInternalUser);
  }

  async lookup(ids: string[]): Promise<InternalUser[]> {
    if (ids.length === 0) return [];
    return (await this.views.find({ ids: [...new Set(ids)] })).map(toInternalUser);
  }
}
