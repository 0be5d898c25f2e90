/** multipart/form-data for document uploads, with the limits of specs/constants. */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { constants } from '@/generated/constants';

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: constants.documentMaxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1000, headerPairs: 100 },
  });
}
