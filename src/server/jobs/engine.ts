/**
 * The job engine: pg-boss in the app's own database (PostgreSQL, or the one in-process PGlite
 * through pg-boss's PGlite adapter), never a hand-written polling loop. One engine per process;
 * any number of processes share the queues, and each job is taken by exactly one of them
 * (pg-boss claims with SELECT … FOR UPDATE SKIP LOCKED).
 */
// pg-boss ships only ES modules: loaded with import() so CommonJS builds of this file (jest) load it too.
import type { PgBoss, Job, JobResult, JobWithMetadata } from 'pg-boss';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../db/connection';
import { constants } from '@/generated/constants';
import { DEAD_LETTER_QUEUE, type AnyJobDefinition } from './registry';

export const JOB_SCHEMA = 'pgboss';

/** A worker's polling interval when LISTEN/NOTIFY does not work (seconds). */
const POLLING_SECONDS = 2;

/** An id no job has (the nil UUID). */
const NO_JOB = '00000000-0000-0000-0000-000000000000';

/** Jobs a worker takes at once. */
const WORK_BATCH = 10;

/** Connections of the engine's own PostgreSQL pool (claims, completions, LISTEN). */
const ENGINE_POOL_SIZE = 3;

export interface DeadLetter {
  id: string;
  job: string;
  summary: Record<string, string>;
  tries: number;
  error: string;
  firstQueuedAt: string;
  deadAt: string;
}

export interface QueueDepth {
  name: string;
  queued: number;
  active: number;
}

export interface JobEngineEvents {
  /** a try failed (it is tried again, or dead-lettered when its tries are spent) */
  onFailure?: (job: string) => void;
  onError?: (err: unknown) => void;
}

export interface JobEngineOptions extends JobEngineEvents {
  /** this process runs maintenance and cron (where workers run) */
  maintain: boolean;
  /** tests only: a fixed wait between tries instead of jobRetryDelaySeconds doubling up to jobRetryDelayMaxSeconds, and queue figures refreshed as often */
  retryDelaySeconds?: number;
}

async function bossFor(database: Database, options: { maintain: boolean; retryDelaySeconds?: number }): Promise<PgBoss> {
  const { PgBoss, fromPglite } = await import('pg-boss');
  const common = {
    schema: JOB_SCHEMA,
    // Maintenance (expiring jobs whose worker died, retention) and cron run only where workers
    // run; pg-boss makes one process at a time do each.
    supervise: options.maintain,
    schedule: options.maintain,
    registerInstance: options.maintain,
    useListenNotify: options.maintain,
    migrate: true,
    // The queue figures (depth(): /metrics, readiness) are counts pg-boss refreshes on its supervision pass,
    // once a minute. A test's short retry delay has them refreshed as often, so a browser test sees a job
    // reach the dead-letter queue seconds after its last try instead of up to a minute later.
    ...(options.retryDelaySeconds === undefined
      ? {}
      : {
          superviseIntervalSeconds: Math.max(POLLING_SECONDS, options.retryDelaySeconds),
          monitorIntervalSeconds: Math.max(POLLING_SECONDS, options.retryDelaySeconds),
        }),
  };
  const native = database.native;
  if (native.kind === 'pglite') return new PgBoss({ ...common, db: fromPglite(native.client), backend: 'pglite' });
  return new PgBoss({ ...common, connectionString: native.connectionString, max: ENGINE_POOL_SIZE, application_name: 'jobs' });
}

/** Creates or upgrades the engine's tables (pg-boss's own migrations); safe to run from many processes at once. */
export async function installJobSchema(database: Database): Promise<void> {
  const boss = await bossFor(database, { maintain: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false });
}

function errorText(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) return String((output as { message: unknown }).message);
  return output == null ? '' : JSON.stringify(output);
}

export class JobEngine {
  private readonly definitions = new Map<string, AnyJobDefinition>();
  private working = false;

  private constructor(
    private readonly boss: PgBoss,
    definitions: AnyJobDefinition[],
    private readonly events: JobEngineOptions,
  ) {
    for (const d of definitions) {
      if (this.definitions.has(d.name)) throw new Error(`Two job definitions are named "${d.name}".`);
      if (d.name === DEAD_LETTER_QUEUE) throw new Error(`"${DEAD_LETTER_QUEUE}" is the dead-letter queue, not a job.`);
      this.definitions.set(d.name, d);
    }
  }

  /** Starts the engine for sending (and for draining in tests); `startWorkers` makes this process run jobs too. */
  static async open(database: Database, definitions: AnyJobDefinition[], options: JobEngineOptions): Promise<JobEngine> {
    const boss = await bossFor(database, options);
    const engine = new JobEngine(boss, definitions, options);
    boss.on('error', (err) => options.onError?.(err));
    await boss.start();
    await boss.createQueue(DEAD_LETTER_QUEUE).catch(ignoreExisting);
    for (const d of engine.definitions.values()) {
      const queue = {
        retryLimit: constants.jobRetryLimit,
        retryDelay: options.retryDelaySeconds ?? constants.jobRetryDelaySeconds,
        ...(options.retryDelaySeconds === undefined ? { retryBackoff: true, retryDelayMax: constants.jobRetryDelayMaxSeconds } : { retryBackoff: false }),
        expireInSeconds: constants.jobExpireSeconds,
        deadLetter: DEAD_LETTER_QUEUE,
        notify: true,
      };
      if (await boss.getQueue(d.name)) await boss.updateQueue(d.name, queue);
      else await boss.createQueue(d.name, { ...queue, ...(d.policy ? { policy: d.policy } : {}) }).catch(ignoreExisting);
      // pg-boss reads a queue it has not cached on its own connection; a send within a transaction on PGlite's one
      // connection would wait for that read while the read waits for the transaction. Reading any job of the queue caches it.
      await boss.getJobById(d.name, NO_JOB);
      if (options.maintain) {
        if (d.cron) await boss.schedule(d.name, d.cron, null, { tz: 'UTC' });
        else await boss.unschedule(d.name).catch(() => undefined);
      }
    }
    return engine;
  }

  /** whether this process takes jobs (its workers started) */
  get runsWorkers(): boolean {
    return this.working;
  }

  names(): string[] {
    return [...this.definitions.keys()];
  }

  /**
   * Queues a job; it runs on some worker of some process, once. `within`: the caller's transaction, which
   * the job's row is written in, so the job exists exactly when what it is about commits.
   */
  async send(name: string, data: object, options: { singletonKey?: string; startAfter?: Date; within?: Queryable } = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`No job named "${name}" (src/server/jobs/registry.ts).`);
    const { within, ...jobOptions } = options;
    if (!within) return this.boss.send(name, data, jobOptions);
    // pg-boss writes its own SQL (its schema is not in the generated table types): passed through as it is, raw.
    const db = { executeSql: async (text: string, values?: unknown[]) => ({ rows: await within.query(text, values) }) };
    return this.boss.send(name, data, { ...jobOptions, db });
  }

  /** This process takes jobs from every queue (LISTEN/NOTIFY wakes it at once; polling is the floor). */
  async startWorkers(app: FastifyInstance): Promise<void> {
    if (this.working) return;
    this.working = true;
    for (const d of this.definitions.values()) {
      // Batches of WORK_BATCH settled job by job; while batches come back full the worker fetches again
      // at once (a backlog drains at full speed), otherwise LISTEN/NOTIFY wakes it, with polling as the floor.
      await this.boss.work(
        d.name,
        {
          batchSize: WORK_BATCH,
          localConcurrency: 2,
          pollingIntervalSeconds: POLLING_SECONDS,
          burstWhenBatchFull: true,
          perJobResults: true,
          // While LISTEN/NOTIFY works, pg-boss polls every 30 s only: a retry (due later, so never notified)
          // waits up to that long. A test's short retry delay is polled for as often.
          ...(this.events.retryDelaySeconds === undefined ? {} : { notifyPollingIntervalSeconds: Math.max(POLLING_SECONDS, this.events.retryDelaySeconds) }),
        },
        async (jobs: Job<unknown>[]) => {
          const results: JobResult[] = [];
          for (const job of jobs) {
            try {
              await this.runOne(app, d, job.data);
              results.push({ id: job.id, status: 'completed' });
            } catch (err) {
              results.push({ id: job.id, status: 'failed', output: { message: err instanceof Error ? err.message : String(err) } });
            }
          }
          return results;
        },
      );
    }
  }

  private async runOne(app: FastifyInstance, d: AnyJobDefinition, data: unknown): Promise<void> {
    try {
      await d.run(app, data);
    } catch (err) {
      this.events.onFailure?.(d.name);
      throw err;
    }
  }

  /**
   * Runs every job that is due now, here and without timers, until none is left; returns how many
   * ran. For tests (and the worker's first pass). `includeRetries` also takes failed jobs waiting
   * for their next try, so a test can spend a job's tries without waiting for the back-off.
   */
  async drain(app: FastifyInstance, options: { includeRetries?: boolean } = {}): Promise<number> {
    let ran = 0;
    for (;;) {
      let found = 0;
      for (const d of this.definitions.values()) {
        const jobs = await this.boss.fetch<unknown>(d.name, { batchSize: 50, ignoreStartAfter: options.includeRetries ?? false });
        found += jobs.length;
        for (const job of jobs) {
          ran += 1;
          try {
            await this.runOne(app, d, job.data);
            await this.boss.complete(d.name, job);
          } catch (err) {
            await this.boss.fail(d.name, job, { message: err instanceof Error ? err.message : String(err) });
          }
        }
      }
      if (!found) return ran;
    }
  }

  /** Jobs whose tries are spent, newest first, with only what each definition lets staff see. */
  async deadLetters(limit = constants.deadLetterListMax): Promise<DeadLetter[]> {
    const jobs = (await this.boss.findJobs<unknown>(DEAD_LETTER_QUEUE, { queued: true, limit: 100_000 })) as JobWithMetadata<unknown>[];
    return jobs
      .sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime())
      .slice(0, limit)
      .map((j) => {
        const job = j.sourceName ?? '';
        const describe = this.definitions.get(job)?.describe;
        return {
          id: j.id,
          job,
          summary: describe ? describe(j.data) : {},
          tries: (j.sourceRetryCount ?? 0) + 1,
          error: errorText(j.sourceOutput),
          firstQueuedAt: (j.sourceCreatedOn ?? j.createdOn).toISOString(),
          deadAt: j.createdOn.toISOString(),
        };
      });
  }

  /** Sends a dead-lettered job back to its queue for another round of tries; false when there is no such job. */
  async retryDeadLetter(id: string): Promise<boolean> {
    const [job] = await this.boss.findJobs(DEAD_LETTER_QUEUE, { id, queued: true });
    if (!job) return false;
    return (await this.boss.redrive(DEAD_LETTER_QUEUE, { ids: [id] })) > 0;
  }

  /** The dead-lettered jobs of one queue whose data fits `matches`, newest first, with their data. */
  async deadLettersOf<T>(job: string, matches: (data: T) => boolean): Promise<{ id: string; data: T }[]> {
    const jobs = (await this.boss.findJobs<T>(DEAD_LETTER_QUEUE, { queued: true, limit: 100_000 })) as JobWithMetadata<T>[];
    return jobs
      .filter((j) => j.sourceName === job && matches(j.data))
      .sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime())
      .map((j) => ({ id: j.id, data: j.data }));
  }

  /** Takes a dead-lettered job off the list: what it was for was done another way (a person sent the mail again). */
  async removeDeadLetter(id: string): Promise<void> {
    await this.boss.deleteJob(DEAD_LETTER_QUEUE, id);
  }

  /** Jobs waiting and running per queue (for /metrics and readiness). */
  async depth(): Promise<QueueDepth[]> {
    const queues = await this.boss.getQueues([...this.definitions.keys(), DEAD_LETTER_QUEUE]);
    return queues.map((q) => ({ name: q.name, queued: q.queuedCount, active: q.activeCount }));
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}

function ignoreExisting(err: unknown): void {
  if (err instanceof Error && /already exists|duplicate key/.test(err.message)) return;
  throw err;
}
