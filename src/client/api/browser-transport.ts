/** The browser's transport: the API under /api, with the browser's time limit, app source and impersonation. */
import * as timingConstants from '@/generated/constants/timing';
import type { Transport } from '@/generated/client/api';
import type { AppSource } from '@/generated/types';
import { storedImpersonation } from '../runtime/auth/credentials';
import { createTransport, type CallOptions } from './transport';

export function browserTransport(appSource: () => AppSource, onUnauthorized: () => void): Transport<CallOptions> {
  return createTransport({
    baseUrl: '/api',
    timeoutMs: timingConstants.apiTimeoutMs,
    appSource,
    impersonation: storedImpersonation,
    onUnauthorized,
  });
}
