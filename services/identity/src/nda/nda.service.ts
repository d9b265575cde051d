import { HttpStatus, Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { z } from 'zod';
import { MSG, type RecordNdaRequest, type ndaSubmissionSchema } from '@brokerage/contracts';
import { InternalHttpClient, InternalHttpError } from '@brokerage/nest-common';
import { httpError } from '../common/errors.js';
import type { ClientMeta } from '../common/http.js';
import { PeopleService } from '../people/people.service.js';
import { UsersService } from '../users/users.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { toPublicUser } from '../users/user.mapper.js';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity-config.js';

type NdaInput = z.output<typeof ndaSubmissionSchema>;

/** A pending sign-up older than this was left by a crash: its account is removed by the sweep. */
export const PENDING_SIGNUP_MAX_AGE_MS = 15 * 60 * 1000;
const SWEEP_EVERY_MS = 5 * 60 * 1000;
/** Client status codes of listings passed through with their message (listing not found, validation, conflict). */
const PASS_THROUGH = new Set([400, 404, 409, 410, 422]);

/**
 * NDA sign-up (spec part 1 §3): creates the buyer account and has listings record the NDA — all or nothing.
 * The account is created inactive + pending, listings is called, then the account is activated; on failure the
 * pending account is deleted (compensation). A crash in between leaves only a pending account, which can't sign in
 * and is swept after 15 minutes. Both deletions write user.deleted like any other, so listings also drops what it
 * may hold for that buyer when the direct undo could not reach it.
 */
@Injectable()
export class NdaService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(NdaService.name);
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly users: UsersService,
    private readonly repo: UsersRepository,
    private readonly people: PeopleService,
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
  ) {
    this.listings = new InternalHttpClient({ from: 'identity', baseUrl: config.LISTINGS_URL, connectTimeoutMs: 2000, timeoutMs: 10_000 });
  }

  private readonly listings: InternalHttpClient;

  async submit(nda: NdaInput, meta: ClientMeta) {
    // The buyer's answers on the NDA form: kept on the account's profile and recorded with the signed NDA.
    const details = {
      organization: nda.organization ?? null,
      addressLine1: nda.addressLine1 ?? null,
      addressLine2: nda.addressLine2 ?? null,
      city: nda.city ?? null,
      state: nda.state ?? null,
      zipCode: nda.zipCode ?? null,
      availableMoney: nda.availableMoney ?? null,
      minimumIncome: nda.minimumIncome ?? null,
      totalPriceWilling: nda.totalPriceWilling ?? null,
      californiaRegions: nda.californiaRegions ?? [],
      timeFrameToPurchase: nda.timeFrameToPurchase || null,
    };
    const user = await this.users.createBuyer(
      {
        name: `${nda.firstName} ${nda.lastName}`.trim(),
        email: nda.email,
        phone: nda.phone,
        password: nda.password,
        profile: { source: 'nda', ...details },
      },
      { pending: true },
    );
    const body: RecordNdaRequest = {
      buyerId: user.id,
      listingId: nda.listingInterest,
      firstName: nda.firstName,
      lastName: nda.lastName,
      email: user.email,
      phone: nda.phone,
      ...details,
      agreementAccepted: true,
      signature: nda.signature,
      signedAt: new Date().toISOString(),
      ip: meta.ip,
      userAgent: meta.userAgent,
    };
    try {
      await this.listings.post('/internal/ndas', body);
    } catch (err) {
      const refused = err instanceof InternalHttpError && PASS_THROUGH.has(err.upstreamStatus);
      // A timeout or a 5xx may come after listings recorded the NDA: undo that side too (idempotent there).
      if (!refused) await this.undoListingsSide(user.id);
      await this.compensate(user.id);
      if (refused) {
        const message = (err.getResponse() as { message?: string }).message || MSG.ndaFailed;
        throw httpError(err.upstreamStatus, message);
      }
      this.logger.warn(`NDA sign-up failed at listings: ${(err as Error).message}`);
      throw httpError(HttpStatus.SERVICE_UNAVAILABLE, MSG.ndaFailed);
    }
    await this.repo.activatePending(user.id);
    return { ...toPublicUser(user) };
  }

  private async undoListingsSide(userId: string): Promise<void> {
    try {
      await this.listings.delete(`/internal/ndas/${userId}`);
    } catch (err) {
      // listings is unreachable: its row names a user that will not exist; the sweep retries this call
      this.logger.warn(`could not remove NDA records of failed sign-up ${userId}: ${(err as Error).message}`);
    }
  }

  private async compensate(userId: string): Promise<void> {
    try {
      await this.people.deletePendingSignup(userId);
    } catch (err) {
      // the sweep removes it later; it is inactive and cannot sign in meanwhile
      this.logger.error(`could not delete pending sign-up ${userId}: ${(err as Error).message}`);
    }
  }

  async sweep(): Promise<number> {
    // A crash mid-sign-up may have left an NDA at listings: drop it before the account goes.
    let n = 0;
    for (const id of await this.repo.findStalePendingIds(PENDING_SIGNUP_MAX_AGE_MS)) {
      await this.undoListingsSide(id);
      if (await this.people.deletePendingSignup(id)) n++;
    }
    if (n > 0) this.logger.warn(`removed ${n} stale pending NDA sign-up(s)`);
    return n;
  }

  onApplicationBootstrap(): void {
    const run = () => this.sweep().catch((err) => this.logger.warn(`pending sign-up sweep failed: ${(err as Error).message}`));
    void run();
    this.sweepTimer = setInterval(() => void run(), SWEEP_EVERY_MS);
    this.sweepTimer.unref();
  }

  onApplicationShutdown(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
  }
}
