import fs from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { EngagementWrite } from './engagement.repository.js';

/** Journals open in this process (several apps in one test process each have their own). */
const OPEN = new Set<string>();
const NAME = /^(.+)-(\d+)-([0-9a-f]{12})\.jsonl$/;

type Sink = (writes: EngagementWrite[]) => Promise<void>;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The engagement write without a network hop (issue 23 bench:viewer ≤ 5 ms): an accepted report is appended to this
 * process's journal file with one write(2) before it is answered. The kernel has it from then on, so a process that
 * dies loses none of it; `drain()` hands what was appended to the sink (the Redis stream of EngagementQueue) and then
 * empties the file. A journal a dead process left (its pid gone, or this pid's earlier life: a restarted container) is
 * handed over by the next process that opens the folder. A process stopped with SIGTERM drains its own first. What a
 * lost machine or volume takes with it: the reports of the last DELAY_MS (the folder should be a volume of the pod's:
 * infra/k8s mounts an emptyDir, which outlives the container's restarts).
 */
export class EngagementJournal {
  private fd: number | null = null;
  private file = '';
  /** Bytes handed to the sink, bytes appended (the file's length). */
  private drained = 0;
  private appended = 0;

  constructor(
    private readonly dir: string,
    private readonly sink: Sink,
    private readonly warn: (msg: string) => void,
  ) {}

  /** This process's journal file ('' until opened). */
  get path(): string {
    return this.file;
  }

  get isOpen(): boolean {
    return this.fd !== null;
  }

  /** Opens a journal of this process's own; answers how many reports dead processes' journals held (handed over). */
  async open(): Promise<number> {
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    this.file = path.join(this.dir, `${hostname()}-${process.pid}-${randomBytes(6).toString('hex')}.jsonl`);
    this.fd = fs.openSync(this.file, 'a+', 0o600);
    OPEN.add(this.file);
    return this.recover();
  }

  /** Appends one report (synchronously: when this returns, a death of the process no longer loses it). */
  append(w: EngagementWrite): void {
    if (this.fd === null) throw new Error('engagement journal not open');
    const line = Buffer.from(`${JSON.stringify(w)}\n`);
    fs.writeSync(this.fd, line);
    this.appended += line.length;
  }

  /** Hands every report appended so far to the sink; the file is emptied once nothing was appended meanwhile. */
  async drain(): Promise<void> {
    if (this.fd === null || this.drained === this.appended) return;
    const end = this.appended;
    const bytes = Buffer.alloc(end - this.drained);
    fs.readSync(this.fd, bytes, 0, bytes.length, this.drained);
    await this.sink(this.parse(bytes));
    this.drained = end;
    if (this.drained === this.appended) {
      fs.ftruncateSync(this.fd, 0);
      this.drained = this.appended = 0;
    }
  }

  /** Drains, then closes and removes the file (kept when the sink refused: the next process hands it over). */
  async close(): Promise<void> {
    if (this.fd === null) return;
    try {
      await this.drain();
      fs.closeSync(this.fd);
      fs.rmSync(this.file, { force: true });
    } catch (err) {
      fs.closeSync(this.fd);
      this.warn(`engagement journal ${this.file} kept for the next process: ${(err as Error).message}`);
    } finally {
      this.fd = null;
      OPEN.delete(this.file);
    }
  }

  private async recover(): Promise<number> {
    let handed = 0;
    for (const name of fs.readdirSync(this.dir)) {
      const m = NAME.exec(name);
      const file = path.join(this.dir, name);
      if (!m || OPEN.has(file)) continue;
      const pid = Number(m[2]);
      if (m[1] !== hostname() || (pid !== process.pid && alive(pid))) continue; // another machine's, or a live process's
      const writes = this.parse(fs.readFileSync(file));
      if (writes.length) await this.sink(writes);
      fs.rmSync(file, { force: true });
      handed += writes.length;
    }
    return handed;
  }

  private parse(bytes: Buffer): EngagementWrite[] {
    const writes: EngagementWrite[] = [];
    for (const line of bytes.toString('utf8').split('\n')) {
      if (!line) continue;
      try {
        writes.push(JSON.parse(line) as EngagementWrite);
      } catch {
        this.warn('engagement journal: an unreadable line dropped (a write cut short)');
      }
    }
    return writes;
  }
}
