/** Every resource's handlers, registered under /api. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { healthHandlers } from '../ops/routes';
import { flagHandlers } from '../flags/routes';
import { authHandlers } from '../auth/routes';
import { usersHandlers } from '../accounts/routes';
import { supportHandlers } from '../support/routes';
import { frontDeskHandlers } from '../front-desk/routes';
import { providersHandlers } from '../marketplace/provider-routes';
import { practicesHandlers } from '../marketplace/practice-routes';
import { slotsHandlers } from '../booking/slot-routes';
import { geoHandlers } from '../geo/routes';
import { businessPartnersHandlers } from '../marketplace/partner-routes';
import { appointmentsHandlers } from '../booking/routes';
import { appointmentSeriesHandlers } from '../booking/series-routes';
import { consentHandlers } from '../consent/routes';
import { paymentsHandlers } from '../payments/routes';
import { patientsHandlers } from '../patients/routes';
import { insuranceHandlers } from '../insurance/routes';
import { notificationsHandlers } from '../notifications/routes';
import { billingHandlers } from '../billing/routes';
import { registerMultipart } from '../patients/multipart';
import { clientConfigHandlers } from '../client-config/routes';
import { careHandlers } from '../care/routes';
import { jobsHandlers } from '../jobs/routes';
import { visitsHandlers } from '../video/routes';
import { VisitRooms } from '../video/rooms';
import { videoServiceFrom } from '../video/service';
import { visitSignalling } from '../video/signalling';
import { messagesHandlers } from '../messages/routes';
import { remindersHandlers } from '../reminders/routes';
import { waitlistHandlers } from '../waitlist/routes';
import { openTimesHandlers } from '../open-times/routes';
import { calendarFeedsHandlers } from '../care/calendar-feed-routes';
import { recordExportsHandlers } from '../records/routes';
// plop: handler imports
import { registerEndpoints } from './registry';

export async function apiRoutes(app: FastifyInstance, options: { config: Config }): Promise<void> {
  await registerMultipart(app);
  const visitRooms = new VisitRooms();
  app.decorate('visitRooms', visitRooms);
  await app.register(visitSignalling, { rooms: visitRooms });
  registerEndpoints(app, {
    ...healthHandlers,
    ...flagHandlers(app.flags.source),
    ...authHandlers,
    ...usersHandlers,
    ...supportHandlers,
    ...frontDeskHandlers,
    ...providersHandlers,
    ...practicesHandlers,
    ...slotsHandlers,
    ...geoHandlers,
    ...businessPartnersHandlers,
    ...appointmentsHandlers,
    ...appointmentSeriesHandlers,
    ...patientsHandlers,
    ...insuranceHandlers,
    ...notificationsHandlers,
    ...clientConfigHandlers(options.config),
    ...consentHandlers,
    ...careHandlers,
    ...messagesHandlers,
    ...paymentsHandlers,
    ...billingHandlers,
    ...jobsHandlers,
    ...waitlistHandlers,
    ...openTimesHandlers,
    ...calendarFeedsHandlers,
    ...visitsHandlers(options.config, videoServiceFrom(options.config)),
    ...remindersHandlers,
    ...recordExportsHandlers,
    // plop: handlers
  });
}
