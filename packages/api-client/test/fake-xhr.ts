/**
 * The one test double of the browser's XMLHttpRequest for the upload XHR (api-client's sendMultipart): it records what
 * the caller set and sent, and the test decides when bytes leave (`progress`) and what the server answers (`respond`,
 * `fail`), or sends it on for real (`viaFetch`: Node and jsdom have fetch, Node has no XMLHttpRequest). Used by
 * api-client's tests and, through packages/ui/test/fake-xhr.ts, by the ui component tests.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  withCredentials = false;
  timeout = 0;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
  /** Sends what was recorded through fetch and answers with the server's status and body (no answer: fail). */
  viaFetch(): Promise<void> {
    return fetch(this.url, { method: this.method, headers: this.headers, body: this.body }).then(
      async (res) => this.respond(res.status, await res.text()),
      () => this.fail(),
    );
  }
}

/** FakeXhr as the global XMLHttpRequest for each test of the calling file (a fresh `sent` list each time). */
export function installFakeXhr(xhr: typeof FakeXhr = FakeXhr) {
  const scope = globalThis as { XMLHttpRequest?: unknown };
  const original = scope.XMLHttpRequest;
  beforeEach(() => {
    FakeXhr.sent = [];
    scope.XMLHttpRequest = xhr;
  });
  afterEach(() => {
    scope.XMLHttpRequest = original;
  });
}
