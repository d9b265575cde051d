import { promises as fsp, statSync } from 'node:fs';

export interface MfeRegistry { remotes: Record<string, string> }

export const REMOTES = {
  mfe_public: 'mfe-public',
  mfe_seller: 'mfe-seller',
  mfe_buyer: 'mfe-buyer',
  mfe_staff: 'mfe-staff',
} as const;

export const DEFAULT_REGISTRY: MfeRegistry = {
  remotes: Object.fromEntries(Object.keys(REMOTES).map((n) => [n, `/mfe/${n}/mf-manifest.json`])),
};

/**
 * The runtime map remote name → manifest URL, read from a JSON file and re-read when its mtime or size changes
 * (checked at most every `checkEveryMs`, no restart). A missing or invalid file keeps the last good value
 * (initially the built-in default).
 */
export class RegistryFile {
  private value: MfeRegistry = DEFAULT_REGISTRY;
  private body = JSON.stringify(DEFAULT_REGISTRY);
  private stamp = '';
  private checkedAt = 0;
  private origins: string[] = [];

  constructor(readonly file: string, private readonly checkEveryMs = 250, private readonly onError?: (msg: string) => void) {}

  /** Current JSON text, re-read if the file changed. */
  async json(): Promise<string> {
    await this.refresh();
    return this.body;
  }

  /** Origins of absolute remote URLs (for the CSP); synchronous, refreshes the stamp cheaply. */
  remoteOrigins(): string[] {
    this.refreshSync();
    return this.origins;
  }

  private stampOf(st: { mtimeMs: number; size: number }) { return `${st.mtimeMs}:${st.size}`; }

  private pending: Promise<void> | null = null;

  private refresh(): Promise<void> {
    if (this.pending) return this.pending;
    const now = Date.now();
    if (now - this.checkedAt < this.checkEveryMs) return Promise.resolve();
    this.checkedAt = now;
    this.pending = this.reread().finally(() => { this.pending = null; });
    return this.pending;
  }

  private async reread(): Promise<void> {
    let st;
    try { st = await fsp.stat(this.file); } catch { return; }
    const stamp = this.stampOf(st);
    if (stamp === this.stamp) return;
    try {
      this.apply(await fsp.readFile(this.file, 'utf8'), stamp);
    } catch (err) {
      this.onError?.(`cannot read ${this.file}: ${(err as Error).message}`);
    }
  }

  private refreshSync(): void {
    const now = Date.now();
    if (now - this.checkedAt < this.checkEveryMs) return;
    // do the actual read asynchronously; the CSP uses the last value meanwhile
    void this.refresh();
  }

  private apply(text: string, stamp: string): void {
    let parsed: unknown;
    try { parsed = JSON.parse(text); } catch {
      this.onError?.(`${this.file} is not valid JSON; keeping the previous registry`);
      this.stamp = stamp;
      return;
    }
    const remotes = (parsed as MfeRegistry)?.remotes;
    if (!remotes || typeof remotes !== 'object' || Object.values(remotes).some((v) => typeof v !== 'string')) {
      this.onError?.(`${this.file} must look like {"remotes":{"name":"url"}}; keeping the previous registry`);
      this.stamp = stamp;
      return;
    }
    this.value = { remotes: { ...remotes } };
    this.body = JSON.stringify(this.value);
    this.stamp = stamp;
    const origins = new Set<string>();
    for (const u of Object.values(remotes)) {
      if (/^https?:\/\//i.test(u)) { try { origins.add(new URL(u).origin); } catch { /* ignore */ } }
    }
    this.origins = [...origins];
  }

  /** Loads the file once, synchronously, at start. */
  loadNow(readFileSync: (f: string) => string): void {
    try {
      const st = statSync(this.file);
      this.apply(readFileSync(this.file), this.stampOf(st));
    } catch { /* missing: default */ }
    this.checkedAt = Date.now();
  }

  current(): MfeRegistry { return this.value; }
}
