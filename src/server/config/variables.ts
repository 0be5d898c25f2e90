/**
 * What the server's configuration holds, and every environment variable it reads with its meaning and default
 * (docs/operations.md lists the same names; src/server/config.test.ts checks).
 */
import { constants } from '../../generated/constants';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  /**
   * A deliberate demo deployment (DEMO_MODE=true): the local test gateway and the demo data are kept, even in
   * production, and every page and mail says it is a demo (no real payments, no real care).
   */
  demoMode: boolean;
  /** insert the demo marketplace and accounts into an empty database: outside production, or in a demo */
  seedDemoData: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  clientDir: string;
  ssrEntry: string;
  /**
   * Which hops in front of the server may name the caller's address in X-Forwarded-For (Fastify's trustProxy forms):
   * false (none), a hop count, or the proxies' addresses and CIDR ranges. Never `true`, which would believe what a caller writes.
   */
  trustProxy: false | number | string[];
  bodyLimitBytes: number;
  serveClient: boolean;
  /** Unleash frontend API that answers the flag endpoint instead of specs/flags.yaml */
  unleashUrl: string | undefined;
  /** key the flag endpoint sends to that Unleash */
  unleashApiKey: string | undefined;
  /** signs access tokens and keys the one-time-code HMAC; see auth/secrets.ts for the fallback outside production */
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  googleJwksUrl: string;
  googleClientId: string | undefined;
  /** Braintree credentials; all three set switches card payments from the local test gateway to Braintree */
  braintreeMerchantId: string | undefined;
  braintreePublicKey: string | undefined;
  braintreePrivateKey: string | undefined;
  braintreeEnvironment: 'sandbox' | 'production';
  /** the local test gateway settles a charge this many seconds after it is taken (before: void; after: refund) */
  localGatewaySettleSeconds: number;
  schedulingPaymentUrl: string | undefined;
  schedulingPaymentApiKey: string | undefined;
  /** connections of this process's PostgreSQL pool (the app's queries; the job engine keeps its own few) */
  databasePoolSize: number;
  /** bearer token a Prometheus scraper sends to read /metrics; unset: only callers on this machine may */
  metricsToken: string | undefined;
  /** run the background job workers inside this process (false: only `npm run worker` processes run jobs) */
  jobsInProcess: boolean;
  /** test-only: one-time codes and sign-in links live this many seconds instead of the spec's minutes */
  testSignInLifetimeSeconds: number | undefined;
  /** test-only: codes and links one e-mail address may be sent in an hour, instead of the spec's limit */
  testSignInSendsPerAccountPerHour: number | undefined;
  /** test-only: multiplies the account-creation, hold and booking limits (tests that book many times from one address) */
  testRateLimitFactor: number | undefined;
  /** tests only: seconds between tries of a failed background job (first and longest wait) */
  testJobRetryDelaySeconds: number | undefined;
  /** tests only: the server's clock can be moved forward by POST /dev/clock (loopback), so browser tests see time pass */
  testClockControl: boolean;
  /** ICE servers browsers use to connect video visits (STUN_URLS, TURN_URLS with TURN_USERNAME and TURN_CREDENTIAL) */
  iceServers: { urls: string[]; username?: string; credential?: string }[];
  /** an external video service's room address with {appointmentId}; unset keeps the built-in room */
  videoExternalUrl: string | undefined;
  /** where the sync outbox delivers: a FHIR R4 server (FHIR_BASE_URL set) or the local adapter that records deliveries */
  sync: { adapter: 'local' } | { adapter: 'fhir'; baseUrl: string; token: string | undefined };
  /** where reminder texts go: an HTTP SMS provider (SMS_PROVIDER_URL set) or the local outbox shown in the dev mailbox */
  sms: { adapter: 'local' } | { adapter: 'off' } | { adapter: 'http'; url: string; apiKey: string | undefined };
  /** tries of one sync delivery before it fails for good (red alert) */
  syncDeliveryAttempts: number;
  /** first wait before a failed sync delivery is tried again (doubling up to jobRetryDelayMaxSeconds) */
  syncRetryDelaySeconds: number;
}

export interface VariableSpec {
  name: string;
  description: string;
  default: string;
}

/** Every variable the server reads; docs/operations.md lists the same names (a test checks). */
export const variables: readonly VariableSpec[] = [
  { name: 'PORT', description: 'HTTP port', default: '3000' },
  { name: 'HOST', description: 'Interface to listen on', default: '0.0.0.0' },
  { name: 'NODE_ENV', description: 'development, production or test; the dev mailbox exists only outside production', default: 'development' },
  {
    name: 'DEMO_MODE',
    description:
      'true runs a deliberate demo: the local test card gateway, the demo data and in-memory texts are allowed in production, and every page and e-mail says "demo: no real payments, no real care"',
    default: 'false',
  },
  { name: 'PUBLIC_URL', description: 'Address people use to reach the app (links in e-mails)', default: 'http://localhost:$PORT' },
  { name: 'DATABASE_URL', description: 'PostgreSQL connection string; when unset, an embedded PGlite database in DATA_DIR is used', default: '(unset)' },
  {
    name: 'DATABASE_POOL_SIZE',
    description: 'Connections of the PostgreSQL pool of one process (the job engine keeps its own small pool besides)',
    default: '10',
  },
  {
    name: 'METRICS_TOKEN',
    description: 'Bearer token that lets a Prometheus scraper read /metrics from another host; unset, /metrics answers callers on this machine only',
    default: '(unset)',
  },
  {
    name: 'JOBS_IN_PROCESS',
    description: 'true runs the background job workers inside the API process; false leaves jobs to `npm run worker` processes',
    default: 'true',
  },
  { name: 'DATA_DIR', description: 'Folder of the embedded database and local files', default: './data' },
  {
    name: 'LOG_LEVEL',
    description: 'fatal, error, warn, info, debug, trace or silent; logs are readable lines in development and JSON otherwise',
    default: 'info (warn with NODE_ENV=test)',
  },
  { name: 'CLIENT_DIR', description: 'Built client (vite build output)', default: './dist/client' },
  { name: 'SSR_ENTRY', description: 'Built server renderer (vite build --ssr output)', default: './dist/ssr/entry-server.js' },
  {
    name: 'TRUST_PROXY',
    description:
      'The proxies in front of the server whose X-Forwarded-For names the caller: a hop count (1 behind one load balancer) or their addresses and CIDR ranges (10.0.0.0/8,loopback); true is refused',
    default: 'false',
  },
  { name: 'BODY_LIMIT_BYTES', description: 'Largest accepted request body (uploads have their own limit)', default: '1048576' },
  { name: 'SERVE_CLIENT', description: 'false serves only the API (npm run dev serves the client through Vite)', default: 'true' },
  {
    name: 'UNLEASH_URL',
    description:
      'Unleash frontend API (Unleash or Unleash Edge, e.g. https://unleash.example.com/api/frontend) that answers the flag endpoint; unset evaluates specs/flags.yaml',
    default: '(unset)',
  },
  { name: 'UNLEASH_API_KEY', description: 'Frontend API token sent to UNLEASH_URL; required with it', default: '(unset)' },
  {
    name: 'JWT_SECRET',
    description:
      'Secret (at least 32 characters) that signs access tokens and keys one-time-code hashes; required in production, otherwise generated once into DATA_DIR',
    default: '(generated)',
  },
  {
    name: 'SMTP_URL',
    description:
      'SMTP server for sign-in codes and links (smtp://user:pass@host:587); required in production, otherwise mail goes to the dev mailbox at /dev/mailbox',
    default: '(unset)',
  },
  { name: 'MAIL_FROM', description: 'Sender address of e-mails', default: 'Mindful Care <no-reply@mindfulcare.example>' },
  {
    name: 'GOOGLE_JWKS_URL',
    description: "Google's signing keys for Google sign-in (https:// or, in tests, a file:// key set)",
    default: 'https://www.googleapis.com/oauth2/v3/certs',
  },
  {
    name: 'GOOGLE_CLIENT_ID',
    description: 'OAuth client id that Google ID tokens must be issued to; Google sign-in is refused while unset',
    default: '(unset)',
  },
  {
    name: 'BRAINTREE_MERCHANT_ID',
    description:
      'Braintree merchant id; with BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY, cards are charged through Braintree instead of the local test gateway',
    default: '(unset)',
  },
  { name: 'BRAINTREE_PUBLIC_KEY', description: 'Braintree API public key (with BRAINTREE_MERCHANT_ID)', default: '(unset)' },
  { name: 'BRAINTREE_PRIVATE_KEY', description: 'Braintree API private key (with BRAINTREE_MERCHANT_ID)', default: '(unset)' },
  { name: 'BRAINTREE_ENVIRONMENT', description: 'sandbox or production', default: 'sandbox' },
  {
    name: 'SCHEDULING_PAYMENT_URL',
    description:
      "The practice's scheduling system's payment service (https://.../payments) that takes a booking's payment while the schedulingSystemPayment flag is on; unset uses an offline service in the process",
    default: '(unset)',
  },
  { name: 'SCHEDULING_PAYMENT_API_KEY', description: 'API key sent as a bearer token to SCHEDULING_PAYMENT_URL; required with it', default: '(unset)' },
  {
    name: 'LOCAL_GATEWAY_SETTLE_SECONDS',
    description: 'the local test card gateway settles a charge this many seconds after it is taken: a refund before then is a void, after it a refund',
    default: String(constants.localGatewaySettleSeconds),
  },
  { name: 'STUN_URLS', description: 'Comma-separated STUN servers for video visits (stun:host:3478); none are needed on one network', default: '(unset)' },
  {
    name: 'TURN_URLS',
    description:
      'Comma-separated TURN servers for video visits behind strict firewalls (turn:host:3478, turns:host:5349; coturn in production), with TURN_USERNAME and TURN_CREDENTIAL',
    default: '(unset)',
  },
  { name: 'TURN_USERNAME', description: 'TURN user name (with TURN_URLS)', default: '(unset)' },
  { name: 'TURN_CREDENTIAL', description: 'TURN password (with TURN_URLS)', default: '(unset)' },
  {
    name: 'VIDEO_EXTERNAL_URL',
    description:
      'An external video service for video visits: its room address with {appointmentId} (https://video.partner.example/rooms/{appointmentId}); unset uses the built-in room',
    default: '(unset)',
  },
  {
    name: 'FHIR_BASE_URL',
    description:
      "The practice's FHIR R4 server (https://ehr.example.com/fhir) that the sync outbox delivers Patient, Appointment, Consent and PaymentNotice resources to; unset, the local adapter records deliveries in the database",
    default: '(unset)',
  },
  {
    name: 'SMS_PROVIDER_URL',
    description:
      'An SMS provider that takes reminder texts as JSON ({"to","text"}) by POST (https://sms.example.com/messages); unset, texts are recorded and shown in the dev mailbox',
    default: '(unset)',
  },
  {
    name: 'SMS_ENABLED',
    description: 'false sends no text messages at all (reminders go by e-mail only); production needs SMS_PROVIDER_URL unless this is false',
    default: 'true',
  },
  { name: 'SMS_PROVIDER_API_KEY', description: 'Bearer token sent to SMS_PROVIDER_URL', default: '(unset)' },
  { name: 'FHIR_AUTH_TOKEN', description: 'Bearer token sent to FHIR_BASE_URL (SMART backend-services token or API key)', default: '(unset)' },
  {
    name: 'SYNC_DELIVERY_ATTEMPTS',
    description: 'Tries of one delivery to the practice system before it fails for good and raises a red alert',
    default: String(constants.syncDeliveryAttempts),
  },
  {
    name: 'SYNC_RETRY_DELAY_SECONDS',
    description: 'First wait before a failed delivery is tried again; each further wait doubles, up to jobRetryDelayMaxSeconds',
    default: String(constants.syncRetryDelaySeconds),
  },
  {
    name: 'TEST_SIGN_IN_SENDS_PER_ACCOUNT_PER_HOUR',
    description:
      'Tests only (NODE_ENV=test): codes and links one e-mail address may be sent in an hour, so a browser-test run that signs the demo accounts in many times is not refused',
    default: '(unset)',
  },
  {
    name: 'TEST_CLOCK_CONTROL',
    description:
      'Tests only (NODE_ENV=test): true lets a browser test move the server clock forward (POST /dev/clock from the machine itself), so it sees reminders fall due and waitlist offers lapse without waiting',
    default: 'false',
  },
  {
    name: 'TEST_JOB_RETRY_DELAY_SECONDS',
    description:
      "Tests only (NODE_ENV=test): a failed background job is tried again after this many seconds each time (instead of jobRetryDelaySeconds doubling), and the queues' figures are refreshed as often, so a browser test sees it reach the dead-letter list",
    default: '(unset)',
  },
  {
    name: 'TEST_SIGN_IN_LIFETIME_SECONDS',
    description: 'Tests only (NODE_ENV=test): one-time codes and sign-in links live this many seconds (0: expired at once), so tests can see an expired code',
    default: '(unset)',
  },
];
