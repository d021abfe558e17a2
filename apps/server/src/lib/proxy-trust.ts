import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Given a number, Fastify trusts no proxy at all (it cannot tell a proxy
 * from a client that connects directly and sends the header itself), so a hop count becomes a function that
 * trusts that many hops nearest the server, whatever their address: right where only the proxies can reach the
 * server, which docs/operations.md asks of whoever chooses a count over the proxies' addresses.
 */
export function fastifyTrustProxy(setting: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
