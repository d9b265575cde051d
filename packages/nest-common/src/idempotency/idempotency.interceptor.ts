import { BadRequestException, Injectable, Logger, ServiceUnavailableException, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { from, lastValueFrom, type Observable } from 'rxjs';
import type { DataSource } from 'typeorm';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_MSG, IDEMPOTENCY_TTL_SECONDS } from '@brokerage/contracts';
import { ambientTransaction, FifoLock, joinAmbientTransactions, type Ambient } from './ambient-transaction.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_RE = /^[\x21-\x7e]+$/;
/** A pending key whose process stopped refreshing it for this long is taken over (its process died mid-request). */
export const IDEMPOTENCY_LEASE_MS = 15_000;
const REFRESH_MS = 5_000;
/** How long a repeat waits for the first request with its key to finish before answering 503 "still processing". */
const WAIT_MS = 12_000;

interface Row { state: 'pending' | 'done'; body: unknown; fresh: boolean }
interface HttpRequest { method: string; headers: Record<string, string | string[] | undefined>; path?: string; url: string; user?: { sub?: string } }

/**
 * Idempotency keys (issue 20 §1, contracts idempotency.ts), for every write of the service: a request with an
 * Idempotency-Key runs once per (caller, method, path, key); a repeat within 24 h gets the first answer's body (and
 * the route's status) without running again; a repeat while the first still runs waits up to 12 s, then 503 so the
 * client tries again. A failed first request (an error answer) leaves nothing, neither its writes nor its key: its
 * repeat runs. The keys live in the service's own PostgreSQL schema (table idempotency_keys, made on first use), and
 * the request's writes run in one transaction with the key's answer (ambient-transaction.ts), so a crash between the
 * write and the key cannot make a retry write twice. /internal routes are left alone.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');
  private table: Promise<void> | null = null;
  private lastPurge = 0;

  constructor(@InjectDataSource() private readonly ds: DataSource) {
    joinAmbientTransactions(ds);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<HttpRequest>();
    const raw = req.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined || !WRITES.has(req.method)) return next.handle();
    const path = (req.path ?? req.url.split('?')[0] ?? '');
    // internal calls, and sign-in style routes whose answer is also a cookie (a stored body would not set it again)
    if (path.startsWith('/internal/') || path.startsWith('/auth/')) return next.handle();
    const key = Array.isArray(raw) ? raw[0] ?? '' : raw;
    if (!key || key.length > IDEMPOTENCY_KEY_MAX || !KEY_RE.test(key)) throw new BadRequestException({ message: IDEMPOTENCY_MSG.badKey });
    const scope = `${req.user?.sub ?? 'anonymous'} ${req.method} ${path} ${key}`;
    return from(this.run(scope, next));
  }

  private async run(scope: string, next: CallHandler): Promise<unknown> {
    await this.ensureTable();
    this.purgeNowAndThen();
    const claimed = await this.claim(scope);
    if (!claimed.fresh) {
      const stored = claimed.state === 'done' ? claimed : await this.waitForDone(scope);
      if (stored) return stored.body ?? undefined;
      throw new ServiceUnavailableException({ message: IDEMPOTENCY_MSG.inProgress });
    }
    const refresh = setInterval(() => {
      void this.ds.query(`UPDATE idempotency_keys SET touched_at = now() WHERE scope = $1 AND state = 'pending'`, [scope]).catch(() => undefined);
    }, REFRESH_MS);
    refresh.unref();
    // The write and its key commit together: the handler's queries run in this transaction (ambient-transaction.ts)
    // and the key turns 'done' with its answer in it, so a process that dies before the COMMIT leaves neither the
    // write nor a done key (the pending key's lease runs out and a retry runs it once), and one that dies after it
    // leaves both (a retry gets the first answer).
    const qr = this.ds.createQueryRunner();
    let begun: Promise<void> | null = null;
    const begin = () => (begun ??= qr.connect().then(() => qr.startTransaction()));
    const ambient: Ambient = { qr, begin, lock: new FifoLock(), state: { closed: false }, afterCommit: [] };
    let committed = false;
    try {
      // the lease is refreshed while the handler runs, not while its answer is stored (nor after it threw)
      const body: unknown = await ambientTransaction
        .run(ambient, async () => lastValueFrom(next.handle(), { defaultValue: undefined }))
        .finally(() => clearInterval(refresh));
      const stored = await ambient.lock.run(async () => {
        ambient.state.closed = true;
        await begin(); // a handler that made no query: the key alone
        // only a key still pending turns done: a repeat that took over a lease it thought dead and finished first wins
        // (this waits for its transaction on the row), and this run's writes are rolled back
        const marked = (await qr.query(
          `UPDATE idempotency_keys SET state = 'done', body = $2, touched_at = now() WHERE scope = $1 AND state = 'pending' RETURNING scope`,
          [scope, JSON.stringify(body === undefined ? null : body)])) as unknown[];
        if (!marked.length) return this.read(scope);
        await qr.commitTransaction();
        committed = true;
        return null;
      });
      if (stored) return stored.body ?? undefined;
      for (const fn of ambient.afterCommit.splice(0)) {
        await Promise.resolve().then(fn).catch((err: Error) => this.logger.warn(`after-commit work failed: ${err.message}`));
      }
      return body;
    } catch (err) {
      await this.ds.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND state = 'pending'`, [scope]).catch(() => undefined);
      throw err;
    } finally {
      ambient.state.closed = true;
      if (!committed && qr.isTransactionActive) await qr.rollbackTransaction().catch(() => undefined);
      await qr.release().catch(() => undefined);
    }
  }

  /** Inserts the key as pending (fresh), or takes over a pending one whose lease ran out; else the existing row. */
  private async claim(scope: string): Promise<Row> {
    const inserted = (await this.ds.query(
      `INSERT INTO idempotency_keys (scope) VALUES ($1) ON CONFLICT (scope) DO NOTHING RETURNING scope`, [scope])) as unknown[];
    if (inserted.length) return { state: 'pending', body: null, fresh: true };
    const [taken] = (await this.ds.query(
      `UPDATE idempotency_keys SET touched_at = now() WHERE scope = $1 AND state = 'pending'
         AND touched_at < now() - make_interval(secs => $2) RETURNING scope`, [scope, IDEMPOTENCY_LEASE_MS / 1000])) as [unknown[], number];
    if (taken.length) return { state: 'pending', body: null, fresh: true };
    const row = await this.read(scope);
    if (!row) return this.claim(scope); // deleted meanwhile (its first attempt failed): run it
    return row;
  }

  private async read(scope: string): Promise<Row | null> {
    const [row] = (await this.ds.query(`SELECT state, body FROM idempotency_keys WHERE scope = $1`, [scope])) as { state: Row['state']; body: unknown }[];
    return row ? { ...row, fresh: false } : null;
  }

  private async waitForDone(scope: string): Promise<Row | null> {
    const until = Date.now() + WAIT_MS;
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      const row = await this.read(scope);
      if (!row) return null;
      if (row.state === 'done') return row;
    }
    return null;
  }

  private ensureTable(): Promise<void> {
    // replicas starting together may race on CREATE TABLE IF NOT EXISTS (a unique violation on its type): once more
    const create = () => this.ds.query(
      `CREATE TABLE IF NOT EXISTS idempotency_keys (
         scope text PRIMARY KEY, state text NOT NULL DEFAULT 'pending', body jsonb,
         created_at timestamptz NOT NULL DEFAULT now(), touched_at timestamptz NOT NULL DEFAULT now())`);
    this.table ??= create().catch(() => create()).then(() => undefined).catch((err: unknown) => {
      this.table = null;
      throw err;
    });
    return this.table;
  }

  /** Keys older than 24 h go, at most once a minute per process. */
  private purgeNowAndThen(): void {
    if (Date.now() - this.lastPurge < 60_000) return;
    this.lastPurge = Date.now();
    void this.ds.query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(secs => $1)`, [IDEMPOTENCY_TTL_SECONDS])
      .catch((err: Error) => this.logger.warn(`purge failed: ${err.message}`));
  }
}
