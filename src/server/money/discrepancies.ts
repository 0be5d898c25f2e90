/**
 * The money red alerts staff see (GET /payments/discrepancies): what the daily reconciliation kept in
 * money_discrepancies and nobody has resolved yet. A transaction id and amounts only - no patient.
 */
import type { MoneyDiscrepancy } from '@/generated/entities';
import type { Queryable } from '../db/connection';
import { all, first, qb, type TableRow } from '../db/typed';

const COLUMNS = [
  'id',
  'found_at',
  'gateway',
  'charge_transaction_id',
  'ledger_cents',
  'gateway_cents',
  'window_start',
  'window_end',
  'resolved_at',
] as const satisfies readonly (keyof TableRow<'money_discrepancies'>)[];
type Row = Pick<TableRow<'money_discrepancies'>, (typeof COLUMNS)[number]>;
const iso = (d: Date | string) => new Date(d).toISOString();

function out(r: Row): MoneyDiscrepancy {
  return {
    id: r.id,
    foundAt: iso(r.found_at),
    gateway: r.gateway,
    chargeTransactionId: r.charge_transaction_id,
    ledgerCents: r.ledger_cents,
    gatewayCents: r.gateway_cents,
    windowStart: iso(r.window_start),
    windowEnd: iso(r.window_end),
    resolvedAt: r.resolved_at ? iso(r.resolved_at) : null,
  };
}

export async function openDiscrepancies(db: Queryable): Promise<MoneyDiscrepancy[]> {
  const rows = await all(
    db,
    qb.selectFrom('money_discrepancies').select(COLUMNS).where('resolved_at', 'is', null).orderBy('found_at', 'desc').orderBy('id').limit(200),
  );
  return rows.map(out);
}

/** Resolves one alert (once: a resolved one answers as it is); undefined when there is no such alert. */
export async function resolveDiscrepancy(db: Queryable, id: string, by: string, at: Date): Promise<MoneyDiscrepancy | undefined> {
  const updated = await first(
    db,
    qb
      .updateTable('money_discrepancies')
      .set({ resolved_at: at.toISOString(), resolved_by: by })
      .where('id', '=', id)
      .where('resolved_at', 'is', null)
      .returning(COLUMNS),
  );
  if (updated) return out(updated);
  const row = await first(db, qb.selectFrom('money_discrepancies').select(COLUMNS).where('id', '=', id));
  return row ? out(row) : undefined;
}
