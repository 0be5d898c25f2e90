/**
 * What runs in the background: each job is a named queue with a handler, and optionally a cron
 * schedule. Workers (in the API process, or alone with `npm run worker`) take each job once, try a
 * failed one again with back-off (specs/constants/jobs.yaml) and, once its tries are spent, move it
 * to the dead-letter queue that staff see (`GET /api/jobs/dead-letters`).
 *
 * To add work: write a `JobDefinition` beside the code it belongs to and list it in `jobDefinitions`
 * (or pass `jobs` to buildApp). Send it with `app.jobs.send(name, data)`.
 */
import type { FastifyInstance } from 'fastify';
import { mailJob } from './mail-job';
import { estimateMailJob } from '../billing/good-faith-estimate';
import { reconcileJob } from '../money/reconcile-job';
import { checkInMailJob } from '../care/check-in-mail';
import { availabilitySlotsJob } from '../care/availability-job';
import { syncOutboxJob } from '../sync/job';
import { consentAlertJob } from '../sync/consent-alerts';
import { appointmentReminderJob, reminderSweepJob } from '../reminders/send';
import { waitlistOfferJob, waitlistSweepJob } from '../waitlist/jobs';
import { recordExportJob, recordExportSweepJob } from '../records/export';

export interface JobDefinition<Data = unknown> {
  /** the queue's name: letters, digits, `.`, `-`, `_` */
  name: string;
  /** a cron schedule (UTC, five fields); the engine sends the job itself at those times, once across every process */
  cron?: string;
  /** 'exclusive': one job per singletonKey queued or running at a time (a second send with the key is refused) */
  policy?: 'exclusive';
  /** does the work; a throw fails this try, and the job is tried again later */
  run: (app: FastifyInstance, data: Data) => Promise<void>;
  /** what staff may see of a dead-lettered job's data (no secrets, no health data); default: nothing */
  describe?: (data: Data) => Record<string, string>;
}

/** Where jobs go when their tries are spent; never worked, listed for staff. */
export const DEAD_LETTER_QUEUE = 'dead-letter';

// Definitions are contravariant in their data; the registry holds any of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any>;

export const jobDefinitions: AnyJobDefinition[] = [
  mailJob,
  estimateMailJob,
  reconcileJob,
  checkInMailJob,
  syncOutboxJob,
  consentAlertJob,
  reminderSweepJob,
  appointmentReminderJob,
  waitlistOfferJob,
  waitlistSweepJob,
  availabilitySlotsJob,
  recordExportJob,
  recordExportSweepJob,
];
