import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ADMIN_MSG, USER_ARCHIVED, USER_DELETED, USER_REACTIVATED, type Person, type Role } from '@brokerage/contracts';
import { badRequest, notFound } from '../common/errors.js';
import { OutboxRelayService } from '../outbox/outbox-relay.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { toPerson } from '../users/user.mapper.js';
import { UserViewsRepository, type UserView } from '../users/user-views.repository.js';
import { PeopleRepository, type LockedUser } from './people.repository.js';

/** Which users a route may act on; any other user (or none) is answered `notFoundMessage` (404, no existence leak). */
export interface Target {
  roles: readonly Role[];
  notFoundMessage: string;
}

/**
 * Archive, reactivate and delete of users (the admin portal and the broker's people screens share these rules). Every
 * deletion of a user goes through remove(): the row, its sessions and the `user.deleted` outbox row in one transaction,
 * whoever asks (broker, admin, the internal API, the NDA sign-up's compensation and sweep).
 */
@Injectable()
export class PeopleService {
  constructor(
    private readonly ds: DataSource,
    private readonly people: PeopleRepository,
    private readonly views: UserViewsRepository,
    private readonly outbox: OutboxRelayService,
    private readonly sessions: SessionsService,
  ) {}

  async list(role: Role): Promise<Person[]> {
    return (await this.views.find({ roles: [role], settledOnly: true })).map(toPerson);
  }

  async get(id: string, target: Target): Promise<UserView> {
    const v = await this.views.findOne(id);
    if (!v || !target.roles.includes(v.role)) throw notFound(target.notFoundMessage);
    return v;
  }

  /**
   * Archive (active = false): the account is kept, sign-in is refused and every session is revoked at once (DB rows
   * and their gateway cache keys). Reactivate allows sign-in again. Idempotent.
   */
  async setActive(id: string, active: boolean, target: Target, callerId: string): Promise<UserView> {
    const changed = await this.ds.transaction(async (m) => {
      const u = await this.people.lock(m, id);
      if (!u || !target.roles.includes(u.role)) throw notFound(target.notFoundMessage);
      if (!active && id === callerId) throw badRequest(ADMIN_MSG.cannotArchiveSelf);
      if (u.isActive === active) return false;
      await this.people.setActive(m, id, active);
      await this.outbox.add(m, active ? USER_REACTIVATED : USER_ARCHIVED, (eventId) => ({
        eventId, userId: id, role: u.role, isActive: active, occurredAt: new Date().toISOString(),
      }));
      return true;
    });
    if (!active) await this.sessions.revokeAllForUser(id);
    if (changed) this.outbox.kick();
    return (await this.views.findOne(id))!;
  }

  /**
   * Delete: one transaction removes the user (sessions and reset tokens cascade, managed sellers fall back to no agent)
   * and writes the `user.deleted` outbox row; the relay hands it to every consumer (listings, …) at least once.
   */
  async delete(id: string, target: Target, callerId: string): Promise<void> {
    const revokedHashes = await this.ds.transaction(async (m) => {
      const u = await this.people.lock(m, id);
      if (!u || !target.roles.includes(u.role)) throw notFound(target.notFoundMessage);
      if (id === callerId) throw badRequest(ADMIN_MSG.cannotDeleteSelf);
      return this.remove(m, u);
    });
    await this.sessions.dropCache(revokedHashes);
    this.outbox.kick();
  }

  /**
   * DELETE /internal/users/{id} (the NDA sign-up's other side): a BUYER account, settled or still pending; false when
   * there is none. Never another role: a service cannot remove staff or sellers through it.
   */
  async deleteBuyerForService(id: string): Promise<boolean> {
    return this.removeWhere(id, 'any', (u) => u.role === 'BUYER');
  }

  /** The NDA sign-up's compensation: the account only while it is still pending (never a live one). */
  async deletePendingSignup(id: string): Promise<boolean> {
    return this.removeWhere(id, 'pending', () => true);
  }

  private async removeWhere(id: string, scope: 'any' | 'pending', allowed: (u: LockedUser) => boolean): Promise<boolean> {
    const revokedHashes = await this.ds.transaction(async (m) => {
      const u = await this.people.lock(m, id, scope);
      return u && allowed(u) ? this.remove(m, u) : null;
    });
    if (!revokedHashes) return false;
    await this.sessions.dropCache(revokedHashes);
    this.outbox.kick();
    return true;
  }

  /**
   * The one way a user row goes: sessions revoked, the row deleted and `user.deleted` written, in the caller's
   * transaction (consumers such as listings remove what the user leaves behind). Returns the revoked token hashes.
   */
  private async remove(m: EntityManager, u: LockedUser): Promise<string[]> {
    const hashes = await this.sessions.revokeAllForUser(u.id, m);
    await this.people.delete(m, u.id);
    await this.outbox.add(m, USER_DELETED, (eventId) => ({ eventId, userId: u.id, role: u.role, occurredAt: new Date().toISOString() }));
    // the cache keys go before the commit too: a request in between finds neither a cached claim nor a live row
    await this.sessions.dropCache(hashes);
    return hashes;
  }
}
