import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, QueryRunner, ReplicationMode } from 'typeorm';

/**
 * One request's database work in one transaction (the Idempotency-Key's, so the key, its stored answer and the write
 * it guards commit together or not at all). While a request runs inside `ambient.run(...)`, every query runner the
 * service's DataSource hands out (ds.query, ds.transaction, repositories, query builders) is the request's own
 * connection:
 *  - a `ds.transaction(...)` (or a repository's save) becomes a SAVEPOINT of it: its rollback undoes only its part;
 *  - a plain query runs inside a SAVEPOINT of its own, so a failed statement a service catches (a unique violation
 *    answered 409) does not abort the request's transaction;
 *  - the connection is used by one piece of work at a time (a FIFO lock): `Promise.all` of two writes cannot nest
 *    their savepoints into each other; work started inside a savepoint (the callback's own `ds.query`) joins it
 *    instead of waiting for the lock it holds;
 *  - once the request is over (`closed`), late work (a fire-and-forget query) gets a connection of its own again.
 */
export interface Ambient {
  qr: QueryRunner;
  /** Connects and begins the transaction, at the request's first query (not before: an upload streams to S3 first). */
  begin: () => Promise<void>;
  lock: FifoLock;
  /** Set inside a savepoint this request holds the lock for: work there joins it. */
  holder?: boolean;
  /** Shared by the request's contexts: set once the request's transaction ended. */
  state: { closed: boolean };
  /** Work to run once the request's transaction committed (live events); dropped if it rolls back. */
  afterCommit: Array<() => unknown>;
}

export const ambientTransaction = new AsyncLocalStorage<Ambient>();

/**
 * Runs `fn` once what the caller wrote is visible to others: after the request's transaction commits when the caller
 * runs inside one (a keyed write), at once otherwise. Live events go through it: a reader woken by an event published
 * before the COMMIT would read the old rows and hear nothing more. Inside a request's transaction the work is queued
 * (and awaited before its answer is sent); otherwise it is awaited here.
 */
export async function afterCommit(fn: () => unknown): Promise<void> {
  const a = ambientTransaction.getStore();
  if (a && !a.state.closed) a.afterCommit.push(fn);
  else await fn();
}

export class FifoLock {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves with the release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => { release = r; });
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

type LooseQuery = (query: string, parameters?: unknown[], structured?: boolean) => Promise<unknown>;
const raw = (qr: QueryRunner, query: string, parameters?: unknown[], structured?: boolean) =>
  (qr.query as LooseQuery).call(qr, query, parameters, structured);

const PATCHED = Symbol.for('brokerage.nest-common.ambientTransaction');
let savepoints = 0;

/** Makes the DataSource's query runners join the ambient request transaction (once per DataSource). */
export function joinAmbientTransactions(ds: DataSource): void {
  const marked = ds as DataSource & { [PATCHED]?: true };
  if (marked[PATCHED]) return;
  marked[PATCHED] = true;
  const create = ds.createQueryRunner.bind(ds);
  const own = async <T>(work: (qr: QueryRunner) => Promise<T>): Promise<T> => {
    const qr = create();
    try {
      return await work(qr);
    } finally {
      await qr.release();
    }
  };
  ds.createQueryRunner = (mode?: ReplicationMode): QueryRunner => {
    const a = ambientTransaction.getStore();
    return a && !a.state.closed ? sharedRunner(a, own) : create(mode);
  };
  // ds.transaction → ds.manager.transaction: inside a request, a savepoint of its transaction, holding its lock, and
  // the callback's own ds.query / ds.transaction join it (ALS holder) rather than wait for the lock it holds
  const manager = ds.manager;
  const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  (manager as unknown as { transaction: (...args: unknown[]) => Promise<unknown> }).transaction = (...args: unknown[]) => {
    const a = ambientTransaction.getStore();
    if (!a || a.state.closed) return transaction(...args);
    const fn = (typeof args[0] === 'function' ? args[0] : args[1]) as (m: unknown) => Promise<unknown>;
    const inside = async () => {
      await a.begin();
      return ambientTransaction.run({ ...a, holder: true }, () => a.qr.manager.transaction(fn as never));
    };
    return a.holder ? inside() : a.lock.run(inside);
  };
}

/** The request's connection as a query runner whose release is a no-op (the request releases it at its end). */
function sharedRunner(a: Ambient, own: <T>(work: (qr: QueryRunner) => Promise<T>) => Promise<T>): QueryRunner {
  let release: (() => void) | null = null; // this runner holds the lock from its startTransaction to its end
  const endTx = (op: 'commitTransaction' | 'rollbackTransaction') => async () => {
    try {
      await a.qr[op]();
    } finally {
      release?.();
      release = null;
    }
  };
  const overrides: Partial<Record<keyof QueryRunner, unknown>> = {
    release: async () => undefined,
    connect: async () => {
      await a.begin();
      return a.qr.connect();
    },
    startTransaction: async () => {
      if (!a.holder && !release) release = await a.lock.acquire();
      try {
        await a.begin();
        await a.qr.startTransaction(); // depth > 0: a SAVEPOINT (its isolation is the request's)
      } catch (err) {
        release?.();
        release = null;
        throw err;
      }
    },
    commitTransaction: endTx('commitTransaction'),
    rollbackTransaction: endTx('rollbackTransaction'),
    query: async (query: string, parameters?: unknown[], structured?: boolean) => {
      if (a.holder || release) return raw(a.qr, query, parameters, structured);
      return a.lock.run(async () => {
        if (a.state.closed) return own((qr) => raw(qr, query, parameters, structured));
        await a.begin();
        const sp = `idem_q${++savepoints}`;
        await a.qr.query(`SAVEPOINT ${sp}`);
        try {
          const out: unknown = await raw(a.qr, query, parameters, structured);
          await a.qr.query(`RELEASE SAVEPOINT ${sp}`);
          return out;
        } catch (err) {
          await a.qr.query(`ROLLBACK TO SAVEPOINT ${sp}`).catch(() => undefined);
          throw err;
        }
      });
    },
  };
  return new Proxy(a.qr, {
    get(target, prop) {
      if (Object.prototype.hasOwnProperty.call(overrides, prop)) return overrides[prop as keyof QueryRunner];
      const v: unknown = Reflect.get(target, prop);
      return typeof v === 'function' ? (v as (...x: unknown[]) => unknown).bind(target) : v;
    },
  });
}
