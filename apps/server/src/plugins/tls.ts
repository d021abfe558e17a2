import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../lib/app-error';
import type { LocalAuthority } from '../lib/tls';

/**
 * GET /api/tls/ca.crt: the certificate of the local certificate authority (HTTPS=self-signed), for staff to
 * install on a tablet so that it trusts this server. Public: it is no secret, and a tablet that does not
 * trust the server yet has no session either. Its key stays in DATA_DIR.
 */
export const tlsRoutes: FastifyPluginAsync<{ authority: LocalAuthority | null }> = async (app, { authority }) => {
  app.get(
    '/ca.crt',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Operations'],
        description:
          'The PEM certificate of the local certificate authority the server made for itself (HTTPS=self-signed), ' +
          'as a download (application/x-x509-ca-cert), to install on a tablet as a CA certificate; compare its ' +
          'SHA-256 fingerprint with the one in the server log first. 404 when the server uses the certificate ' +
          'files of HTTPS_CERT_FILE, or plain HTTP.',
      },
    },
    async (_request, reply) => {
      if (!authority) {
        throw notFound('This server does not make its own certificate (HTTPS=self-signed is off)').because(
          'NO_OWN_CERTIFICATE',
        );
      }
      return (
        reply
          .header('content-type', 'application/x-x509-ca-cert')
          .header('content-disposition', 'attachment; filename="quan-local-ca.crt"')
          // Always the current one: a replaced authority must not linger in a cache.
          .header('cache-control', 'no-cache')
          .send(authority.certificate)
      );
    },
  );
};
