import type { ServiceName } from '../routes/route-table.js';

interface Replica { origin: string; downUntil: number; notReady: boolean }

/**
 * Replicas of one service: round-robin over the ready ones. A replica that failed to connect is skipped for
 * `cooldownMs`; one whose GET /health/ready answers 503 or nothing (checkReadiness, every READINESS_INTERVAL_MS) is
 * skipped until it answers 200 again. When no replica is ready and up, the one whose cooldown ends first is tried
 * anyway (a service whose dependency is down answers 503 itself, quickly).
 */
export class ReplicaPool {
  private readonly replicas: Replica[];
  private cursor = 0;
  constructor(readonly service: ServiceName, origins: string[], private readonly cooldownMs: number) {
    this.replicas = origins.map((origin) => ({ origin, downUntil: 0, notReady: false }));
  }

  get size(): number { return this.replicas.length; }
  get origins(): string[] { return this.replicas.map((r) => r.origin); }

  /** Next replica not in `tried`, ready and up ones first; null when all were tried. */
  next(tried?: Set<string>): string | null {
    const n = this.replicas.length;
    const now = Date.now();
    let fallback: Replica | null = null;
    let fallbackAt = 0;
    for (let i = 0; i < n; i++) {
      const r = this.replicas[(this.cursor + i) % n]!;
      if (tried?.has(r.origin)) continue;
      if (r.downUntil <= now && !r.notReady) {
        this.cursor = (this.cursor + i + 1) % n;
        return r.origin;
      }
      // a connectable one that is not ready before one cooling down; among those, the earliest end of cooldown
      const at = Math.max(r.downUntil, now);
      if (!fallback || at < fallbackAt) { fallback = r; fallbackAt = at; }
    }
    if (fallback) this.cursor = (this.replicas.indexOf(fallback) + 1) % n;
    return fallback ? fallback.origin : null;
  }

  markDown(origin: string): void {
    const r = this.replicas.find((x) => x.origin === origin);
    if (r) r.downUntil = Date.now() + this.cooldownMs;
  }

  markUp(origin: string): void {
    const r = this.replicas.find((x) => x.origin === origin);
    if (r && r.downUntil) r.downUntil = 0;
  }

  /** A replica answered 503 (not ready): skipped until its readiness check says otherwise. */
  markNotReady(origin: string): void {
    const r = this.replicas.find((x) => x.origin === origin);
    if (r) r.notReady = true;
  }

  isReady(origin: string): boolean {
    const r = this.replicas.find((x) => x.origin === origin);
    return !!r && !r.notReady && r.downUntil <= Date.now();
  }

  /**
   * Asks every replica GET /health/ready: 503 or no answer within timeoutMs → not ready; any other answer → ready
   * (a replica without the route counts as ready). One that answers at all is connectable again (cooldown cleared).
   */
  async checkReadiness(timeoutMs = 1000): Promise<void> {
    await Promise.all(this.replicas.map(async (r) => {
      let status = 0;
      try {
        const res = await fetch(`${r.origin}/health/ready`, { signal: AbortSignal.timeout(timeoutMs) });
        status = res.status;
        await res.arrayBuffer().catch(() => undefined);
      } catch { /* refused or timed out */ }
      r.notReady = status === 0 || status === 503;
      if (status !== 0) r.downUntil = 0;
    }));
  }
}

/** How often the gateway asks each replica whether it is ready (a draining replica is avoided within this time). */
export const READINESS_INTERVAL_MS = 1000;

/** Checks the replicas of every pool of two or more every intervalMs (one replica has no alternative). Returns stop(). */
export function watchReadiness(pools: Pools, intervalMs = READINESS_INTERVAL_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void Promise.all(Object.values(pools).filter((p) => p.size > 1).map((p) => p.checkReadiness(Math.min(1000, intervalMs))))
      .finally(() => { running = false; });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

export type Pools = Record<ServiceName, ReplicaPool>;

export function buildPools(upstreams: Record<ServiceName, string[]>, cooldownMs: number): Pools {
  const pools = {} as Pools;
  for (const [name, origins] of Object.entries(upstreams) as [ServiceName, string[]][]) {
    pools[name] = new ReplicaPool(name, origins, cooldownMs);
  }
  return pools;
}

/** The request reached a replica that went away before answering (killed mid-request). */
export function isResetError(err: unknown): boolean {
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code === 'ECONNRESET' || e.code === 'UND_ERR_SOCKET' || e.code === 'FST_REPLY_FROM_CONNECTION_RESET' || e.code === 'FST_REPLY_FROM_UNDICI_SOCKET') return true;
    e = e.cause as typeof e;
  }
  return false;
}

const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT', 'ECONNRESET_BEFORE_SEND']);

/** True when the error means "could not connect" (the request never reached the replica, safe to try another). */
export function isConnectError(err: unknown): boolean {
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code && CONNECT_ERRORS.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export function isTimeoutError(err: unknown): boolean {
  let e = err as { code?: string; cause?: unknown; name?: string } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'FST_REPLY_FROM_GATEWAY_TIMEOUT' || e.name === 'TimeoutError') return true;
    e = e.cause as typeof e;
  }
  return false;
}
