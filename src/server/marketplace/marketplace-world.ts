/**
 * What the marketplace integration tests share: one seeded app per test file, a validator of the spec'd response
 * schemas, and the provider shape they read.
 */
import { startTestApp, type TestApp } from '@tests/support/app';
import { apiSchemas, endpoints, type EndpointId } from '@/generated/api';
import { createAjv } from '@/domain/validation/ajv';

export let t: TestApp;
export const ajv = createAjv();
// Response schemas point at the shared entities ({ $ref: 'Provider' }), registered as the server registers them.
for (const schema of Object.values(apiSchemas)) ajv.addSchema(schema);
export const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The 200 body must match the endpoint's spec'd response schema. */
export function conforms(id: EndpointId, body: unknown): void {
  const validate = ajv.compile(JSON.parse(JSON.stringify(endpoints[id].responses['200']!.schema)));
  expect(validate(body) ? [] : validate.errors).toEqual([]);
}

export interface ProviderOut {
  id: string;
  licensedStates: string[];
  filters: { type: string; value: string }[];
  distanceMiles?: number | null;
  openSlotCount?: number;
  practice: { id: string; zipcode: string };
  providerSlugs: { type: string; state: string; slug: string; path: string }[];
  timeZone: string;
}

/** Starts what these test files share, once per test file. */
export function startMarketplaceApp(): void {
  beforeAll(async () => {
    t = await startTestApp({ seed: true });
  }, 90_000); // a fresh database and the demo seed take a while on a busy machine
  afterAll(async () => t.close());
}
