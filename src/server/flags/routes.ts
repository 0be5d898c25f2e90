import type { Handlers } from '../routes/registry';
import type { FlagSource } from './sources';

export function flagHandlers(source: FlagSource): Handlers {
  return {
    async getFrontendFlags(request, reply) {
      const ifNoneMatch = request.headers['if-none-match'];
      const answer = await source.answer(request.query, typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined);
      if (answer.etag) reply.header('etag', answer.etag);
      reply.header('cache-control', 'no-cache');
      if (answer.status === 304 || !answer.body) return reply.status(304).send();
      return answer.body;
    },
  };
}
