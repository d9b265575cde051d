import { Inject, Injectable, OnModuleInit, ServiceUnavailableException } from '@nestjs/common';
import { MSG } from '@brokerage/contracts';
import argon2 from 'argon2';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity-config.js';

/** OWASP's minimum for argon2id (m = 19 MiB, t = 2, p = 1): the env knobs can never go below it. */
const MIN_MEMORY_KIB = 19_456;
const MIN_TIME_COST = 2;

/**
 * argon2id hashing (argon2's defaults: m = 64 MiB, t = 3, p = 4; ARGON2_MEMORY_KIB / ARGON2_TIME_COST /
 * ARGON2_PARALLELISM may tune it, never below OWASP's minimum). Verification reads the parameters from the hash,
 * so changing them keeps old hashes valid. A dummy hash keeps "no such user" as slow as "wrong password".
 */
@Injectable()
export class PasswordService implements OnModuleInit {
  private dummy: Promise<string> | null = null;
  /** argon2 runs in flight and the ones waiting for a turn (ARGON2_CONCURRENCY; FIFO). */
  private running = 0;
  private readonly waiting: ((go: boolean) => void)[] = [];

  constructor(
    @Inject(IDENTITY_CONFIG)
    private readonly config: Pick<IdentityConfig, 'ARGON2_MEMORY_KIB' | 'ARGON2_TIME_COST' | 'ARGON2_PARALLELISM'> & Partial<Pick<IdentityConfig, 'ARGON2_CONCURRENCY' | 'ARGON2_QUEUE_WAIT_MS'>>,
  ) {}

  /**
   * Runs one argon2 computation when fewer than ARGON2_CONCURRENCY are running (libuv's threads stay shared). With
   * `deadline`, one whose turn came after ARGON2_QUEUE_WAIT_MS is not computed: 503 (its client has left).
   */
  private async limited<T>(work: () => Promise<T>, deadline = false): Promise<T> {
    const limit = this.config.ARGON2_CONCURRENCY ?? 2;
    const queuedAt = Date.now();
    if (this.running >= limit) await new Promise<boolean>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      if (deadline && Date.now() - queuedAt > (this.config.ARGON2_QUEUE_WAIT_MS ?? 14_000)) throw new SignInQueueExpired();
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next(true); // the turn passes on: running stays the same
      else this.running--;
    }
  }

  private options(): argon2.HashOptions & { raw?: false } {
    const { ARGON2_MEMORY_KIB: memoryCost, ARGON2_TIME_COST: timeCost, ARGON2_PARALLELISM: parallelism } = this.config;
    return {
      type: argon2.argon2id,
      ...(memoryCost ? { memoryCost: Math.max(memoryCost, MIN_MEMORY_KIB) } : {}),
      ...(timeCost ? { timeCost: Math.max(timeCost, MIN_TIME_COST) } : {}),
      ...(parallelism ? { parallelism: Math.min(parallelism, 16) } : {}),
    };
  }

  /** Computes the dummy hash at start, so the first unknown-e-mail login is not slower than the others. */
  onModuleInit(): void {
    this.dummy ??= this.hash('dummy-password-never-matches-' + Math.random());
  }

  hash(password: string): Promise<string> {
    return this.limited(() => argon2.hash(password, this.options()));
  }

  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    if (!hash) {
      await this.verifyDummy(password);
      return false;
    }
    try {
      return await this.limited(() => argon2.verify(hash, password), true);
    } catch (err) {
      if (err instanceof SignInQueueExpired) throw new ServiceUnavailableException({ message: MSG.serviceUnavailable });
      return false;
    }
  }

  async verifyDummy(password: string): Promise<void> {
    this.dummy ??= this.hash('dummy-password-never-matches-' + Math.random());
    try {
      const dummy = await this.dummy;
      await this.limited(() => argon2.verify(dummy, password), true);
    } catch (err) {
      if (err instanceof SignInQueueExpired) throw new ServiceUnavailableException({ message: MSG.serviceUnavailable });
    }
  }
}

/** A sign-in whose argon2 turn came too late to be worth computing. */
class SignInQueueExpired extends Error {}
