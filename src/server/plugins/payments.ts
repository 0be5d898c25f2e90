/**
 * The app's payment services: `app.cardGateway` - Braintree when BRAINTREE_* is configured, else the
 * local test gateway (its key derived from the server secret, its settlement read from the app's
 * clock) - and `app.schedulingPayments`, the scheduling system's own payment service (HTTP when
 * SCHEDULING_PAYMENT_URL is set, else offline). Tests swap them through buildApp's `services`, or
 * assign another for a while.
 */
import { hkdfSync } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { serverSecret } from '../auth/secrets';
import { cardGatewayFor, type CardGateway } from '../payments/gateway';
import { httpSchedulingPayments, offlineSchedulingPayments, type SchedulingPaymentService } from '../payments/scheduling-payments';

declare module 'fastify' {
  interface FastifyInstance {
    cardGateway: CardGateway;
    schedulingPayments: SchedulingPaymentService;
    /**
     * false in production (without DEMO_MODE) when no SCHEDULING_PAYMENT_URL is set: the offline service takes every payment and
     * moves no money, so a booking paid through the scheduling system is refused even if its flag is turned on (in Unleash).
     */
    schedulingPaymentsReal: boolean;
  }
}

export default fp<{ config: Config; gateway?: CardGateway; scheduling?: SchedulingPaymentService }>(
  async (app, opts) => {
    const { config } = opts;
    const key = () => Buffer.from(hkdfSync('sha256', serverSecret(config), 'mindful-care', 'local-card-gateway', 32));
    app.decorate('cardGateway', opts.gateway ?? cardGatewayFor(config, key(), app.clock));
    const scheduling =
      config.schedulingPaymentUrl && config.schedulingPaymentApiKey
        ? httpSchedulingPayments(config.schedulingPaymentUrl, config.schedulingPaymentApiKey)
        : offlineSchedulingPayments(app.clock);
    app.decorate('schedulingPayments', opts.scheduling ?? scheduling);
    app.decorate('schedulingPaymentsReal', Boolean(opts.scheduling || config.schedulingPaymentUrl || config.nodeEnv !== 'production' || config.demoMode));
  },
  { name: 'payments', dependencies: ['clock'] },
);
