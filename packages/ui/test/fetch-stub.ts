/** Component tests' API: replaces fetch with `route`, records every call (JSON bodies parsed). */
export type StubReply = { status: number; body?: unknown };
export type StubRoute = (method: string, url: string, body: unknown) => StubReply | Promise<StubReply>;
export interface StubCall { method: string; url: string; body: unknown }

export function stubFetch(route: StubRoute): StubCall[] {
  const calls: StubCall[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const r = await route(method, url, body);
    const text = r.body === undefined ? '' : JSON.stringify(r.body);
    return {
      ok: r.status < 400,
      status: r.status,
      headers: { get: (h: string) => (h.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => text,
      blob: async () => new Blob([text]), // an image route's answer (the viewer's pages)
    } as unknown as Response;
  }) as typeof fetch;
  return calls;
}
