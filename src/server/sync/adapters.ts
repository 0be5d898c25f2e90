/**
 * Where the sync outbox delivers: one interface, two adapters chosen by the
 * environment (config.sync). The FHIR R4 REST adapter PUTs each resource to the practice's server at
 * {FHIR_BASE_URL}/{type}/{id} (update-as-create, so a repeated delivery of one version changes
 * nothing); the local adapter, the default, records deliveries in sync_local_deliveries, once per
 * record version.
 */
import type { Config } from '../config';
import type { Queryable } from '../db/connection';
import { all, qb } from '../db/typed';
import { constants } from '@/generated/constants';
import { describeAnswer, type FhirResource } from '@/domain/sync';

export interface DeliveryKey {
  resourceType: string;
  recordId: string;
  version: number;
}

export type DeliveryResult = { ok: boolean; answer: string };

export interface SyncAdapter {
  readonly name: 'local' | 'fhir';
  deliver(resource: FhirResource, key: DeliveryKey, at: Date): Promise<DeliveryResult>;
}

export class LocalSyncAdapter implements SyncAdapter {
  readonly name = 'local';
  constructor(private readonly db: Queryable) {}

  async deliver(resource: FhirResource, key: DeliveryKey, at: Date): Promise<DeliveryResult> {
    const rows = await all(
      this.db,
      qb
        .insertInto('sync_local_deliveries')
        .values({ resource_type: key.resourceType, record_id: key.recordId, version: key.version, resource: JSON.stringify(resource), delivered_at: at })
        .onConflict((c) => c.doNothing())
        .returning('version'),
    );
    return { ok: true, answer: rows.length ? 'Recorded by the local adapter' : 'Already recorded by the local adapter (same version)' };
  }
}

/** The first issue of a FHIR OperationOutcome, as its code (and short diagnostics), if the body is one. */
function outcomeIssue(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { resourceType?: string; issue?: { code?: string; diagnostics?: string }[] };
    if (parsed.resourceType !== 'OperationOutcome' || !parsed.issue?.length) return undefined;
    const first = parsed.issue[0]!;
    return [first.code, first.diagnostics?.slice(0, 120)].filter(Boolean).join(' - ') || undefined;
  } catch {
    return undefined;
  }
}

export class FhirSyncAdapter implements SyncAdapter {
  readonly name = 'fhir';
  constructor(
    private readonly baseUrl: string,
    private readonly token: string | undefined,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async deliver(resource: FhirResource): Promise<DeliveryResult> {
    const url = `${this.baseUrl}/${resource.resourceType}/${encodeURIComponent(resource.id)}`;
    try {
      const res = await this.fetchFn(url, {
        method: 'PUT',
        headers: {
          'content-type': 'application/fhir+json',
          accept: 'application/fhir+json',
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: JSON.stringify(resource),
        signal: AbortSignal.timeout(constants.syncRequestTimeoutMs),
      });
      const body = await res.text().catch(() => '');
      return { ok: res.ok, answer: describeAnswer({ status: res.status, statusText: res.statusText, issue: res.ok ? undefined : outcomeIssue(body) }) };
    } catch (err) {
      const cause = err instanceof Error ? ((err.cause as { code?: string } | undefined)?.code ?? err.name) : 'error';
      return { ok: false, answer: describeAnswer({ error: cause === 'TimeoutError' ? 'no answer in time' : String(cause) }) };
    }
  }
}

export function adapterFor(config: Pick<Config, 'sync'>, db: Queryable): SyncAdapter {
  return config.sync.adapter === 'fhir' ? new FhirSyncAdapter(config.sync.baseUrl, config.sync.token) : new LocalSyncAdapter(db);
}
