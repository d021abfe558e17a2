import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A second door of the same method and URL, served by a route constrained apart (POST /api/order for
     * diners): documented here as the other choice of body and answer, since OpenAPI has one operation
     * per method and path.
     */
    alsoAccepts?: { body: z.ZodType; answers: z.ZodType };
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The zod schemas turned into OpenAPI, with a second door's body and answer beside the route's own. */
function documentDoors(input: TransformInput) {
  const other = input.route.config?.alsoAccepts;
  const schema = input.schema as { body?: z.ZodType; response?: Record<string, z.ZodType> } | undefined;
  if (!other || !schema?.body) return jsonSchemaTransform(input);
  const response = Object.fromEntries(
    Object.entries(schema.response ?? {}).map(([status, answer]) => [status, z.union([answer, other.answers])]),
  );
  return jsonSchemaTransform({
    ...input,
    schema: { ...input.schema, body: z.union([schema.body, other.body]), response },
  } as TransformInput);
}

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
    transform: documentDoors,
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
