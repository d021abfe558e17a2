import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the contract's zod schemas: JSON at /api/openapi.json, interactive at /api/docs. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Quán API',
        description: 'Restaurant management API. Envelope: { success, message?, data, pagination? }.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'accessToken' },
        },
      },
      security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Swagger UI sends its own CSP (staticCSP), since the app's strict one would leave the page blank;
  // without the upgrade directive, which would break the docs on a plain-HTTP restaurant network.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());
}
