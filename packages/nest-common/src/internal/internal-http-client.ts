import http from 'node:http';
import https from 'node:https';
import { HttpException, HttpStatus } from '@nestjs/common';
import { IDENTITY_HEADER, MSG, REQUEST_ID_HEADER } from '@brokerage/contracts';
import { IDENTITY_TOKEN_TTL_SECONDS, parsePrivateJwk, serviceOfKid, signServiceToken } from '../auth/identity-token.js';
import { loadConfig } from '../config/service-config.js';

export interface InternalHttpClientOptions {
  /** Name of the calling service (token sub = service:<from>). */
  from: string;
  /**
   * Base URL of the called service, e.g. config.LISTINGS_URL; several replicas comma-separated (the launcher passes
   * every replica): calls go round-robin, and one a replica refuses to connect (or answers 503, for GET) goes to the next.
   */
  baseUrl: string;
  connectTimeoutMs?: number;
  timeoutMs?: number;
  /** Private JWK the service token is signed with: `from`'s own key (default: SERVICE_JWT_PRIVATE_KEY of the service config). */
  privateKey?: string;
}

export interface InternalRequestOptions {
  body?: unknown;
  requestId?: string;
  headers?: Record<string, string>;
}

/** Error of an internal call. 4xx answers (except 401/403) keep status and message; anything else becomes 503/502. */
export class InternalHttpError extends HttpException {
  constructor(
    readonly upstreamStatus: number,
    message: string,
    status: number,
  ) {
    super({ message }, status);
  }
}

const PASS_THROUGH = new Set([400, 404, 409, 410, 413, 422, 429]);

/** fetch-like JSON client for /internal/* calls: adds the service token, 2 s connect timeout, JSON errors. */
export class InternalHttpClient {
  private readonly connectTimeoutMs: number;
  private readonly timeoutMs: number;
  private readonly privateKey: string;
  private token: { value: Promise<string>; until: number } | null = null;
  private readonly bases: string[];
  private cursor = 0;

  constructor(private readonly options: InternalHttpClientOptions) {
    this.connectTimeoutMs = options.connectTimeoutMs ?? 2000;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    const privateKey = options.privateKey ?? loadConfig().SERVICE_JWT_PRIVATE_KEY;
    // a missing key, or another service's, fails here at start rather than on the first call
    const { kid } = parsePrivateJwk(privateKey, 'SERVICE_JWT_PRIVATE_KEY');
    if (serviceOfKid(kid) !== options.from) throw new Error(`SERVICE_JWT_PRIVATE_KEY (kid ${kid}) is not the key of service ${options.from}`);
    this.privateKey = privateKey!;
    this.bases = options.baseUrl.split(',').map((u) => u.trim()).filter(Boolean).map((u) => (u.endsWith('/') ? u : `${u}/`));
    if (!this.bases.length) throw new Error(`no base URL for the internal client of ${options.from}`);
  }

  /** The service token, signed once and reused while it has at least half its life left. */
  private serviceToken(): Promise<string> {
    const now = Date.now();
    if (!this.token || this.token.until <= now) {
      this.token = { value: signServiceToken(this.options.from, this.privateKey), until: now + (IDENTITY_TOKEN_TTL_SECONDS * 1000) / 2 };
    }
    return this.token.value;
  }

  get<T>(path: string, o?: InternalRequestOptions) { return this.request<T>('GET', path, o); }
  post<T>(path: string, body?: unknown, o?: InternalRequestOptions) { return this.request<T>('POST', path, { ...o, body }); }
  put<T>(path: string, body?: unknown, o?: InternalRequestOptions) { return this.request<T>('PUT', path, { ...o, body }); }
  patch<T>(path: string, body?: unknown, o?: InternalRequestOptions) { return this.request<T>('PATCH', path, { ...o, body }); }
  delete<T>(path: string, o?: InternalRequestOptions) { return this.request<T>('DELETE', path, o); }

  async request<T>(method: string, path: string, o: InternalRequestOptions = {}): Promise<T> {
    const payload = o.body === undefined ? undefined : Buffer.from(JSON.stringify(o.body));
    const headers: Record<string, string> = {
      accept: 'application/json',
      [IDENTITY_HEADER]: await this.serviceToken(),
      ...(o.requestId ? { [REQUEST_ID_HEADER]: o.requestId } : {}),
      ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
      ...o.headers,
    };
    const { status, text } = await this.sendToReplicas(method, path, headers, payload);
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (status >= 200 && status < 300) return json as T;
    const message = typeof (json as { message?: unknown })?.message === 'string' ? (json as { message: string }).message : MSG.somethingWrong;
    if (PASS_THROUGH.has(status)) throw new InternalHttpError(status, message, status);
    if (status === 503) throw new InternalHttpError(status, MSG.serviceUnavailable, HttpStatus.SERVICE_UNAVAILABLE);
    throw new InternalHttpError(status, MSG.somethingWrong, HttpStatus.BAD_GATEWAY);
  }

  /** One replica after the other (round-robin start) until one answers; a refused connection is never a delivered call. */
  private async sendToReplicas(method: string, path: string, headers: Record<string, string>, payload?: Buffer): Promise<{ status: number; text: string }> {
    const n = this.bases.length;
    const start = this.cursor++ % n;
    let lastError: unknown;
    for (let i = 0; i < n; i++) {
      const url = new URL(path, this.bases[(start + i) % n]);
      try {
        const answer = await this.send(url, method, headers, payload);
        if (answer.status === 503 && method === 'GET' && i < n - 1) continue; // not ready: another replica
        return answer;
      } catch (err) {
        lastError = err;
        // a refused connection never delivered the call; a GET may also be asked again after any network error
        // (a replica killed while it held a kept-alive socket resets it)
        if (!(err as { refused?: boolean }).refused && method !== 'GET') throw err;
      }
    }
    throw lastError;
  }

  private send(url: URL, method: string, headers: Record<string, string>, payload?: Buffer): Promise<{ status: number; text: string }> {
    const lib = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const unavailable = (why: string) =>
        Object.assign(new InternalHttpError(0, MSG.serviceUnavailable, HttpStatus.SERVICE_UNAVAILABLE), { cause: why });
      const req = lib.request(url, { method, headers });
      const total = setTimeout(() => req.destroy(new Error(`timeout after ${this.timeoutMs} ms`)), this.timeoutMs);
      let connectTimer: NodeJS.Timeout | undefined;
      req.on('socket', (socket) => {
        if (!socket.connecting) return;
        connectTimer = setTimeout(() => req.destroy(new Error(`connect timeout after ${this.connectTimeoutMs} ms`)), this.connectTimeoutMs);
        socket.once('connect', () => clearTimeout(connectTimer));
      });
      req.on('error', (err) => {
        clearTimeout(total);
        clearTimeout(connectTimer);
        const refused = (err as NodeJS.ErrnoException).code === 'ECONNREFUSED';
        reject(Object.assign(unavailable(`${method} ${url.pathname}: ${err.message}`), { refused }));
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(total);
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', (err) => {
          clearTimeout(total);
          reject(unavailable(err.message));
        });
      });
      if (payload) req.write(payload);
      req.end();
    });
  }
}
