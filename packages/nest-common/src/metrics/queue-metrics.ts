import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Queue } from 'bullmq';
import { setQueueCollector } from './metrics.js';

/** What bullmq's Queue and Worker have in common for this purpose (duck-typed: one bullmq copy or another). */
interface QueueLike { name: string; getJobCounts(...types: string[]): Promise<Record<string, number>> }
interface WorkerLike { name: string; opts: { connection?: unknown; prefix?: string }; run: unknown; closing?: unknown }

const STATES = ['wait', 'prioritized', 'delayed', 'active', 'failed'] as const;
const LABEL: Record<(typeof STATES)[number], string> = { wait: 'waiting', prioritized: 'prioritized', delayed: 'delayed', active: 'active', failed: 'failed' };

const isQueue = (v: unknown): v is QueueLike =>
  !!v && typeof (v as QueueLike).getJobCounts === 'function' && typeof (v as QueueLike).name === 'string';
const isWorker = (v: unknown): v is WorkerLike =>
  !!v && typeof (v as WorkerLike).run === 'function' && typeof (v as WorkerLike).name === 'string' && typeof (v as WorkerLike).opts === 'object';

/** Every running app's queue source (Jest runs several apps in one process). */
const sources = new Set<QueueMetrics>();

/**
 * The BullMQ queues of this process, found among its providers: a Queue provider (@nestjs/bullmq registerQueue), or a
 * provider holding a Worker in `worker` (WorkerHost processors, the event workers). Workers start in
 * onApplicationBootstrap, so providers are looked at on each scrape. A worker's queue is read through a Queue on the
 * worker's own connection and prefix.
 */
@Injectable()
export class QueueMetrics implements OnApplicationBootstrap, OnApplicationShutdown {
  private holders: object[] = [];
  private readonly readers = new Map<string, QueueLike>();

  constructor(private readonly discovery: DiscoveryService) {}

  onApplicationBootstrap(): void {
    this.holders = this.discovery.getProviders().map((w) => w.instance as unknown).filter((i): i is object => !!i && typeof i === 'object');
    sources.add(this);
  }

  async onApplicationShutdown(): Promise<void> {
    sources.delete(this);
    const own = [...this.readers.values()].filter((q): q is Queue => q instanceof Queue);
    this.readers.clear();
    await Promise.all(own.map((q) => q.close().catch(() => undefined)));
  }

  /** The queues in use now, by name. */
  queues(): Map<string, QueueLike> {
    const found = new Map<string, QueueLike>();
    for (const h of this.holders) {
      if (isQueue(h)) { found.set(h.name, h); continue; }
      let worker: unknown;
      try { worker = (h as { worker?: unknown }).worker; } catch { continue; } // WorkerHost before its worker exists
      if (!isWorker(worker) || found.has(worker.name)) continue;
      const key = `${worker.opts.prefix ?? 'bull'}:${worker.name}`;
      let reader = this.readers.get(key);
      if (!reader) {
        reader = new Queue(worker.name, { connection: worker.opts.connection as never, prefix: worker.opts.prefix });
        this.readers.set(key, reader);
      }
      found.set(worker.name, reader);
    }
    return found;
  }
}

/** Collects bullmq_queue_jobs{queue,state} at each scrape; a queue whose Redis does not answer within 1 s is left out. */
setQueueCollector(async (set) => {
  const queues = new Map<string, QueueLike>();
  for (const s of sources) for (const [name, q] of s.queues()) if (!queues.has(name)) queues.set(name, q);
  await Promise.all([...queues].map(async ([name, q]) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const counts = await Promise.race([
        q.getJobCounts(...STATES),
        new Promise<never>((_r, reject) => { timer = setTimeout(() => reject(new Error('timeout')), 1000); }),
      ]);
      for (const s of STATES) set({ queue: name, state: LABEL[s] }, counts[s] ?? 0);
    } catch { /* Redis down: no figure rather than a wrong one */ } finally {
      clearTimeout(timer);
    }
  }));
});
