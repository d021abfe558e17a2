export interface FakeFetchRequest {
  method: string;
  /** Path and query, as the app asked for it ("/api/public-menu"). */
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The JSON body, parsed. */
  body: unknown;
  credentials: RequestCredentials | undefined;
  cache: RequestCache | undefined;
}

export type FakeFetchAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error';

/**
 * Replaces `fetch` (what the diner pages use through lib/public-api) with a handler, so no request leaves
 * the test. 'network-error' makes fetch reject as a browser does when offline.
 */
export function installFakeFetch(handler: (request: FakeFetchRequest) => FakeFetchAnswer | Promise<FakeFetchAnswer>) {
  const originalFetch = globalThis.fetch;
  const requests: FakeFetchRequest[] = [];

  globalThis.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const headers = Object.fromEntries(
      Object.entries((init.headers ?? {}) as Record<string, string>).map(([name, value]) => [
        name.toLowerCase(),
        value,
      ]),
    );
    const request: FakeFetchRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: String(input),
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
      cache: init.cache,
    };
    requests.push(request);
    const answer = await handler(request);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  };

  return {
    requests,
    /** "METHOD /path" of each request, in order. */
    calls: () => requests.map((request) => `${request.method} ${request.url}`),
    restore: () => {
      globalThis.fetch = originalFetch;
    },
  };
}

export function okData(data: unknown, status = 200): FakeFetchAnswer {
  return { status, body: { success: true, data } };
}

export function refusal(status: number, message: string, headers: Record<string, string> = {}): FakeFetchAnswer {
  return { status, body: { success: false, message }, headers };
}
