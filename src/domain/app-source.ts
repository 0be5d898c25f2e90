/** Which app a request comes from (product-spec §1): staff booking for patients, or patients themselves. */
import type { AppType } from '../generated/enums';
import * as peopleEnums from '../generated/enums/people';

/** Request header the client sets on every API call. */
export const APP_SOURCE_HEADER = 'x-app-source';

export const DEFAULT_APP_SOURCE: AppType = 'patient_web';

export function appSourceFrom(value: unknown): AppType {
  return typeof value === 'string' && (peopleEnums.appType.values as readonly string[]).includes(value) ? (value as AppType) : DEFAULT_APP_SOURCE;
}
