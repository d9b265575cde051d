import { createHash, randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { InternalHttpError } from '../internal/internal-http-client.js';
import { OutboxPump, type PumpBatch } from './outbox-pump.js';

/** One outbox row as deliver() sees it. */
export interface OutboxRow<P = unknown> {
  id: string;
  kind: string;
  payload: P;
  attempts: number;
}

/** deliver() resolves when the consumer has taken the row (a string: a note kept in last_error, e.g. "nothing to do"). */
export type Deliverers<K> = {
  [T in keyof K & string]: (payload: K[T], row: OutboxRow<K[T]>, m: EntityManager) => Promise<string | void>;
};

/**
 * The one refusal policy (docs/CONVENTIONS.md "Outbox"): answers that say the request or its subject is wrong, so every
 * retry would get them again. The row is dead-lettered (dead_at, last_error "refused {status}: …"). Everything else —
 * no answer, 5xx, 401/403 (a service token an operator fixes), 408/425/429 (come back later) — is retried with back-off.
 */
export const FINAL_REFUSALS: ReadonlySet<number> = new Set([400, 404, 409, 410, 413, 422]);

/** A name-based uuid (version-5 layout over the hash of `name`): the same name is always the same event id. */
export function nameUuid(algorithm: 'sha1' | 'sha256', name: string): string {
  const h = createHash(algorithm).update(name).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** Back-off after the n-th failed attempt: 1 s, 2 s, 4 s … at most a minute. */
export const backoffMs = (attempts: number): number => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 60_000);

/**
 * The table every service's outbox uses (`{schema}.outbox`); migrations call it. A new shape is a new function.
 * created_at is the clock's, not the transaction's: rows a transaction writes are relayed in the order it wrote them.
 */
export function outboxTableSql(schema: string): string[] {
  return [
    `CREATE TABLE ${schema}.outbox (
      id uuid PRIMARY KEY,
      kind varchar(64) NOT NULL,
      payload jsonb NOT NULL,
      pending_key text,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      attempts int NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz,
      dead_at timestamptz,
      last_error text
    )`,
    `CREATE INDEX outbox_due_idx ON ${schema}.outbox (created_at) WHERE delivered_at IS NULL AND dead_at IS NULL`,
    `CREATE UNIQUE INDEX outbox_pending_key_idx ON ${schema}.outbox (kind, pending_key) WHERE delivered_at IS NULL AND dead_at IS NULL`,
  ];
}

/** Thrown by a deliver() for an answer that will never change (dead-lettered like FINAL_REFUSALS). */
export class OutboxRefusal extends Error {}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export interface OutboxRelayOptions {
  pollMs: number;
  batchSize?: number;
  /** A consumer that does not answer (Redis down) must not hold the claimed rows and a connection for ever. */
  timeoutMs?: number;
}

/**
 * A service's transactional outbox and its relay. `add()` writes a row in the caller's transaction; the relay (the
 * OutboxPump loop: at start, every pollMs, on kick) claims due rows with SKIP LOCKED (replicas share the work), calls
 * the kind's deliver() and marks the row delivered, dead (FINAL_REFUSALS, or a kind nobody delivers) or due again after
 * backoffMs. A consumer that fails is not called again in the same batch; other kinds go on. A crash between deliver()
 * and the mark delivers again: every consumer dedupes on the row id (the eventId / jobId / key).
 */
export abstract class OutboxRelay<K extends object> extends OutboxPump {
  private readonly table: string;
  private readonly timeoutMs: number;
  private readonly deliverers: Record<string, ((payload: unknown, row: OutboxRow, m: EntityManager) => Promise<string | void>) | undefined>;

  protected constructor(name: string, private readonly ds: DataSource, schema: string, deliverers: Deliverers<K>, o: OutboxRelayOptions) {
    super(name, o.pollMs, o.batchSize ?? 50);
    this.deliverers = deliverers as never;
    this.table = `${schema}.outbox`;
    this.timeoutMs = o.timeoutMs ?? 15_000;
  }

  /**
   * Writes a row in the caller's transaction (a row with the same id, or a pending one with the same pendingKey, is kept
   * instead). The payload may be built from the row id, which is the event id.
   */
  async add<T extends keyof K & string>(
    m: EntityManager,
    kind: T,
    payload: K[T] | ((id: string) => K[T]),
    o: { id?: string; pendingKey?: string } = {},
  ): Promise<K[T]> {
    const id = o.id ?? randomUUID();
    const body = typeof payload === 'function' ? (payload as (id: string) => K[T])(id) : payload;
    await m.query(`INSERT INTO ${this.table} (id, kind, payload, pending_key) VALUES ($1, $2, $3::jsonb, $4) ON CONFLICT DO NOTHING`, [
      id, kind, JSON.stringify(body), o.pendingKey ?? null,
    ]);
    return body;
  }

  /** One batch in one transaction: claim the due rows, deliver each, mark it. */
  relayOnce(): Promise<PumpBatch> {
    return this.ds.transaction(async (m) => {
      const rows: OutboxRow[] = await m.query(
        `SELECT id, kind, payload, attempts FROM ${this.table} WHERE delivered_at IS NULL AND dead_at IS NULL AND next_attempt_at <= now()
          ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      const failing = new Set<string>();
      let sent = 0;
      for (const row of rows) {
        if (failing.has(row.kind)) continue;
        const deliver = this.deliverers[row.kind];
        try {
          if (!deliver) throw new OutboxRefusal(`no deliver() for kind ${row.kind}`);
          const note = await withTimeout(deliver(row.payload, row, m), this.timeoutMs);
          await this.mark(m, row.id, 'delivered_at = now()', note || null);
          sent++;
        } catch (err) {
          const message = (err as Error).message;
          const status = err instanceof InternalHttpError ? err.upstreamStatus : 0;
          if (err instanceof OutboxRefusal || FINAL_REFUSALS.has(status)) {
            const reason = `refused${status ? ` ${status}` : ''}: ${message}`;
            this.logger.error(`${row.kind} ${row.id} dead: ${reason}`);
            await this.mark(m, row.id, 'dead_at = now()', reason);
            continue;
          }
          this.logger.warn(`${row.kind} ${row.id} not delivered (attempt ${row.attempts + 1}): ${message}`);
          await this.mark(m, row.id, `next_attempt_at = now() + ${backoffMs(row.attempts + 1)} * interval '1 millisecond'`, message);
          failing.add(row.kind); // its consumer is likely unavailable for the rest too
        }
      }
      return { claimed: rows.length, sent };
    });
  }

  private async mark(m: EntityManager, id: string, set: string, note: string | null): Promise<void> {
    await m.query(`UPDATE ${this.table} SET ${set}, attempts = attempts + 1, last_error = $2 WHERE id = $1`, [id, note?.slice(0, 1000) ?? null]);
  }
}
