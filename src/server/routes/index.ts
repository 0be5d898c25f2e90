/** Every resource's handlers, registered under /api. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { healthHandlers } from './health';
import { flagHandlers } from './flags';
import { authHandlers } from './auth';
import { usersHandlers } from './users';
import { supportHandlers } from './support';
import { frontDeskHandlers } from './front-desk';
import { providersHandlers } from './providers';
import { practicesHandlers } from './practices';
import { slotsHandlers } from './slots';
import { geoHandlers } from './geo';
import { businessPartnersHandlers } from './business-partners';
import { appointmentsHandlers } from './appointments';
import { consentHandlers } from './consent';
import { paymentsHandlers } from './payments';
import { patientsHandlers } from './patients';
import { insuranceHandlers } from './insurance';
import { notificationsHandlers } from './notifications';
import { billingHandlers } from './billing';
import { registerMultipart } from './patients/multipart';
import { clientConfigHandlers } from './client-config';
import { careHandlers } from './care';
import { jobsHandlers } from './jobs';
import { visitsHandlers } from './visits';
import { VisitRooms } from '../video/rooms';
import { videoServiceFrom } from '../video/service';
import { visitSignalling } from '../video/signalling';
import { messagesHandlers } from './messages';
import { remindersHandlers } from './reminders';
import { waitlistHandlers } from './waitlist';
import { openTimesHandlers } from './open-times';
import { calendarFeedsHandlers } from './calendar-feeds';
import { recordExportsHandlers } from './record-exports';
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
