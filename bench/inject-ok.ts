import type { FastifyInstance } from 'fastify';

/** One call through the app (`app.inject`), as a signed-in client makes it; any other status than expected throws. */
export async function injectOk<T>(
  app: FastifyInstance,
  request: { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; payload?: object; token?: string },
  expectedStatus: number,
): Promise<T> {
  const response = await app.inject({
    method: request.method,
    url: request.url,
    payload: request.payload,
    headers: request.token ? { authorization: `Bearer ${request.token}` } : {},
  });
  if (response.statusCode !== expectedStatus) {
    throw new Error(`${request.method} ${request.url} answered ${response.statusCode}: ${response.body}`);
  }
  return (response.json() as { data: T }).data;
}
