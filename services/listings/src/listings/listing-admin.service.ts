import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  LISTING_DELETED,
  LISTING_MSG,
  LISTING_TEXT,
  type ListingMutationResponse,
  type createListingSchema,
  type updateListingSchema,
} from '@brokerage/contracts';
import type { z } from 'zod';
import { ListingEventsPublisher } from '@brokerage/nest-common';
import { IdentityUsersClient } from '../identity/identity-users.client.js';
import { OutboxRelayService } from '../outbox/outbox-relay.service.js';
import { ListingPresenter } from './listing-presenter.js';
import type { ListingRow } from './listing-row.js';
import { ListingsRepository, type ListingWrite } from './listings.repository.js';

type CreateInput = z.output<typeof createListingSchema>;
type UpdateInput = z.output<typeof updateListingSchema>;

/** The broker's listing writes (spec part 3 §2 Listings Overview, §5 form rules). */
@Injectable()
export class ListingAdminService {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly presenter: ListingPresenter,
    private readonly identity: IdentityUsersClient,
    private readonly outbox: OutboxRelayService,
    private readonly live: ListingEventsPublisher,
  ) {}

  async create(body: CreateInput): Promise<ListingMutationResponse> {
    const parties = await this.resolveParties(body.sellerId ?? null, body.agentId ?? null, body.buyerIds ?? []);
    const id = await this.listings.transaction(async (em) => {
      const newId = await this.listings.insert(em, {
        title: body.title,
        description: body.description,
        price: body.price,
        status: body.status ?? 'ACTIVE',
        sellerId: body.privateSeller ? null : parties.sellerId,
        agentId: parties.agentId,
        privateSeller: body.privateSeller ? { ...body.privateSeller, phone: body.privateSeller.phone || null } : null,
      });
      await this.listings.setBuyers(em, newId, body.buyerIds ?? []);
      this.live.emit(em, { type: 'listing.created', listingId: newId }, { clients: 'all' });
      return newId;
    });
    return { message: LISTING_TEXT.created, listing: await this.view(id) };
  }

  async update(id: string, body: UpdateInput): Promise<ListingMutationResponse> {
    await this.listings.transaction(async (em) => {
      const cur = await this.locked(em, id);
      if (body.status && cur.status === 'INACTIVE' && body.status !== cur.statusBeforeArchive) {
        throw new ConflictException(LISTING_MSG.archivedStatusLocked);
      }
      const toPrivate = !!body.privateSeller;
      const sellerId = toPrivate ? null : (body.sellerId ?? cur.sellerId);
      const sellerChanged = !toPrivate && body.sellerId !== undefined && body.sellerId !== cur.sellerId;
      const wantsAgent = body.agentId !== undefined ? body.agentId : sellerChanged ? null : cur.agentId;
      const parties = await this.resolveParties(sellerId, wantsAgent, body.buyerIds ?? []);
      const w: ListingWrite = {
        title: body.title ?? cur.title,
        description: body.description ?? cur.description,
        price: body.price ?? cur.price,
        status: cur.status === 'INACTIVE' ? 'INACTIVE' : (body.status ?? cur.status),
        sellerId: parties.sellerId,
        agentId: parties.agentId,
        privateSeller: toPrivate
          ? { ...body.privateSeller!, phone: body.privateSeller!.phone || null }
          : body.sellerId
            ? null
            : cur.privateSellerName
              ? { name: cur.privateSellerName, email: cur.privateSellerEmail ?? '', phone: cur.privateSellerPhone }
              : null,
      };
      await this.listings.update(em, id, w);
      if (body.buyerIds) await this.listings.setBuyers(em, id, body.buyerIds);
      this.announceChange(em, id, cur, w);
    });
    return { message: LISTING_TEXT.updated, listing: await this.view(id) };
  }

  async archive(id: string): Promise<ListingMutationResponse> {
    await this.listings.transaction(async (em) => {
      const cur = await this.locked(em, id);
      if (cur.status === 'INACTIVE') throw new ConflictException(LISTING_MSG.alreadyArchived);
      await this.listings.archive(em, id);
      this.live.emit(em, { type: 'listing.changed', listingId: id }, { clients: 'all' });
    });
    return { message: LISTING_TEXT.archived, listing: await this.view(id) };
  }

  async reactivate(id: string): Promise<ListingMutationResponse> {
    await this.listings.transaction(async (em) => {
      const cur = await this.locked(em, id);
      if (cur.status !== 'INACTIVE') throw new ConflictException(LISTING_MSG.notArchived);
      await this.listings.reactivate(em, id);
      this.live.emit(em, { type: 'listing.changed', listingId: id }, { clients: 'all' });
    });
    return { message: LISTING_TEXT.reactivated, listing: await this.view(id) };
  }

  async delete(id: string): Promise<{ message: string }> {
    const deleted = await this.listings.transaction((em) => this.deleteIn(em, id));
    if (!deleted) throw new NotFoundException(LISTING_MSG.listingNotFound);
    this.outbox.kick();
    return { message: LISTING_TEXT.deleted };
  }

  /** Deletes the listing (parties, journeys, selections, NDAs cascade) and records listing.deleted in the same transaction. */
  async deleteIn(em: EntityManager, id: string): Promise<boolean> {
    if (!(await this.listings.delete(em, id))) return false;
    await this.outbox.add(em, LISTING_DELETED, (eventId) => ({ eventId, listingId: id, occurredAt: new Date().toISOString() }));
    return true;
  }

  /**
   * `listing.changed` to the listing's parties; a new agent or seller also `listing.assigned`, which the one replaced
   * learns too (the listing leaves their lists).
   */
  private announceChange(em: EntityManager, id: string, cur: ListingRow, w: ListingWrite): void {
    this.live.emit(em, { type: 'listing.changed', listingId: id }, { clients: 'all' });
    const replaced = [cur.agentId !== w.agentId ? cur.agentId : null, cur.sellerId !== w.sellerId ? cur.sellerId : null];
    if (cur.agentId === w.agentId && cur.sellerId === w.sellerId) return;
    this.live.emit(em, { type: 'listing.assigned', listingId: id }, { clients: 'all', also: replaced.filter((u): u is string => !!u) });
  }

  private async locked(em: EntityManager, id: string): Promise<ListingRow> {
    const row = await this.listings.findInScope(id, { kind: 'all' }, em, true);
    if (!row) throw new NotFoundException(LISTING_MSG.listingNotFound);
    return row;
  }

  private async view(id: string) {
    const row = await this.listings.findInScope(id, { kind: 'all' });
    return this.presenter.presentOne(row!, { sellerEmail: true });
  }

  /**
   * Checks the people with identity: the seller is a SELLER, the agent an AGENT, the buyers BUYERs. A seller's manager
   * is the listing's agent ("(Assigned)"); the form's agent only counts for a seller without a manager or a private seller.
   */
  private async resolveParties(sellerId: string | null, agentId: string | null, buyerIds: string[]) {
    const ids = [sellerId, agentId, ...buyerIds].filter((x): x is string => !!x);
    const people = ids.length ? await this.identity.lookup(ids) : new Map();
    let agent = agentId;
    if (sellerId) {
      const seller = people.get(sellerId);
      if (!seller || seller.role !== 'SELLER') throw new BadRequestException(LISTING_MSG.sellerNotFound);
      if (seller.managerId) agent = seller.managerId;
    }
    if (agent && agentId === agent && people.get(agent)?.role !== 'AGENT') {
      throw new BadRequestException(LISTING_MSG.agentNotFound);
    }
    for (const b of buyerIds) if (people.get(b)?.role !== 'BUYER') throw new BadRequestException(LISTING_MSG.buyerNotFound);
    return { sellerId, agentId: agent };
  }
}

