/**
 * HTTP hardening for every answer (pages, API, static files), through helmet:
 * - a Content-Security-Policy that runs only our own scripts: the Vite-built bundles come from this
 *   origin, and the state a server-rendered page carries in inline <script>s runs because each
 *   answer gets a fresh nonce (reply.scriptNonce, written into those tags by the client plugin);
 *   no other inline script or event-handler attribute runs.
 *   Outside origins are allowed only for the services that are configured: Braintree's hosted
 *   fields (BRAINTREE_*) and Google Identity Services (GOOGLE_CLIENT_ID);
 * - frame-ancestors 'none' (and X-Frame-Options) so no other site can frame the app, nosniff, a
 *   Referrer-Policy that sends no address to other sites, HSTS in production;
 * - `Cache-Control: no-store` on every API answer unless its handler chose a caching policy
 *   itself (public configuration, flags), since API answers carry health and account data.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyReply {
    /** nonce of this answer's Content-Security-Policy, for inline scripts the server writes */
    scriptNonce(): string;
  }
}

const NONCE = Symbol('scriptNonce');
type WithNonce = ServerResponse & { [NONCE]?: string };

function nonceOf(res: ServerResponse): string {
  const holder = res as WithNonce;
  holder[NONCE] ??= randomBytes(16).toString('base64');
  return holder[NONCE];
}

const BRAINTREE = {
  script: ['https://js.braintreegateway.com', 'https://assets.braintreegateway.com'],
  frame: ['https://assets.braintreegateway.com', 'https://*.braintreegateway.com'],
  connect: [
    'https://api.braintreegateway.com',
    'https://api.sandbox.braintreegateway.com',
    'https://client-analytics.braintreegateway.com',
    'https://*.braintree-api.com',
  ],
  img: ['https://assets.braintreegateway.com', 'https://checkout.paypal.com'],
};

const GOOGLE_IDENTITY = {
  script: ['https://accounts.google.com/gsi/client'],
  frame: ['https://accounts.google.com/gsi/'],
  connect: ['https://accounts.google.com/gsi/'],
  style: ['https://accounts.google.com/gsi/style'],
};

/** The CSP directives for this configuration (exported for tests and the README's promise). */
export function cspDirectives(config: Pick<Config, 'braintreeMerchantId' | 'googleClientId'>) {
  const braintree = config.braintreeMerchantId !== undefined;
  const google = config.googleClientId !== undefined;
  const extra = (key: 'script' | 'frame' | 'connect' | 'img' | 'style'): string[] => [
    ...(braintree && key in BRAINTREE ? BRAINTREE[key as keyof typeof BRAINTREE] : []),
    ...(google && key in GOOGLE_IDENTITY ? GOOGLE_IDENTITY[key as keyof typeof GOOGLE_IDENTITY] : []),
  ];
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonceOf(res)}'`;
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    // No 'unsafe-eval': the forms' validators are written ahead of time (src/generated/validators/).
    scriptSrc: ["'self'", nonce, ...extra('script')],
    scriptSrcAttr: ["'none'"],
    // Inline style attributes are data, not code; stylesheets come from this origin.
    styleSrc: ["'self'", "'unsafe-inline'", ...extra('style')],
    imgSrc: ["'self'", 'data:', 'blob:', ...extra('img')],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...extra('connect')],
    frameSrc: extra('frame').length ? extra('frame') : ["'none'"],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
  };
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
      // Google sign-in opens a pop-up that reports back to this window.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: config.nodeEnv === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    });
    app.decorateReply('scriptNonce', function scriptNonce() {
      return nonceOf(this.raw);
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security' },
);
