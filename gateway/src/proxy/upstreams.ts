import type { ServiceName } from '../routes/route-table.js';

interface Replica { origin: string; downUntil: number }

/**
 * Replicas of one service: round-robin, and a replica that failed to connect is skipped for `cooldownMs`
 * (when every replica is cooling down, the one whose cooldown ends first is tried anyway).
 */
export class ReplicaPool {
  private readonly replicas: Replica[];
  private cursor = 0;
  constructor(readonly service: ServiceName, origins: string[], private readonly cooldownMs: number) {
    this.replicas = origins.map((origin) => ({ origin, downUntil: 0 }));
  }

  get size(): number { return this.replicas.length; }
  get origins(): string[] { return this.replicas.map((r) => r.origin); }

  /** Next replica not in `tried`, healthy ones first; null when all were tried. */
  next(tried?: Set<string>): string | null {
    const n = this.replicas.length;
    const now = Date.now();
    let fallback: Replica | null = null;
    for (let i = 0; i < n; i++) {
      const r = this.replicas[(this.cursor + i) % n];
      if (tried?.has(r.origin)) continue;
      if (r.downUntil <= now) {
        this.cursor = (this.cursor + i + 1) % n;
        return r.origin;
      }
      if (!fallback || r.downUntil < fallback.downUntil) fallback = r;
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
}

export type Pools = Record<ServiceName, ReplicaPool>;

export function buildPools(upstreams: Record<ServiceName, string[]>, cooldownMs: number): Pools {
  const pools = {} as Pools;
  for (const [name, origins] of Object.entries(upstreams) as [ServiceName, string[]][]) {
    pools[name] = new ReplicaPool(name, origins, cooldownMs);
  }
  return pools;
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
