/**
 * The floor of "through HTTP" for `npm run bench:booking`: the bare-SQL contest's one INSERT behind one Fastify
 * endpoint, with no session, no rate limit, no validation beyond JSON parsing and no second request. Run as a child
 * process by scripts/bench/booking.ts (FLOOR_DATABASE_URL, FLOOR_POOL_SIZE, PORT); it answers 201 when the
 * insert won, 409 when the exclusion constraint refused it.
 *
 * What it shows: the share of bare SQL that any HTTP API on this machine can reach when an attempt is one
 * statement. The app's attempt is a hold and, for a winner, a booking, with the rules each enforces.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: Number(process.env.FLOOR_POOL_SIZE ?? 40) });
const app = Fastify({ logger: false });
/** Refusals the contest expects: the constraint's (23P01) and a deadlock between two inserts checking it (40P01). */
const refused = new Set(['23P01', '40P01']);

app.get('/health', async () => ({ ok: true }));
app.post('/attempt', async (request, reply) => {
  const { slotId } = request.body as { slotId: string };
  // A pooled client released without the error: pool.query would close a connection the database refused a statement on.
  const client = await pool.connect();
  try {
    await client.query('INSERT INTO bench_floor (provider_id, during) SELECT provider_id, during FROM slots WHERE id = $1', [slotId]);
    return reply.code(201).send({ ok: true });
  } catch (err) {
    if (!refused.has((err as { code?: string }).code ?? '')) throw err;
    return reply.code(409).send({ errorCode: 3001 });
  } finally {
    client.release();
  }
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
