/** OpenAPI 3 document at /api/docs/json, built from the same schemas that validate requests; Swagger UI at /api/docs (works offline). */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiResources } from '@/generated/api';
import { appVersion } from '../version';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Mental-health care marketplace API',
          description: 'Every call of product-spec §7. Generated from specs/api; errors come from the error catalogue (specs/errors.yaml).',
          version: appVersion(),
        },
        tags: apiResources.map((r) => ({ name: r.resource, description: r.description })),
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  },
  { name: 'openapi' },
);
