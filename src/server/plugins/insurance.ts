/** The eligibility checker insurance inquiries use: the built-in rules unless a test or an adapter installs another. */
import fp from 'fastify-plugin';
import { rulesEligibilityChecker, type EligibilityChecker } from '../insurance/eligibility';

declare module 'fastify' {
  interface FastifyInstance {
    eligibilityChecker: EligibilityChecker;
  }
}

export default fp<{ checker?: EligibilityChecker }>(
  async (app, opts) => {
    app.decorate('eligibilityChecker', opts.checker ?? rulesEligibilityChecker);
  },
  { name: 'insurance' },
);
