/**
 * The money red alerts staff see (GET /payments/discrepancies): what the daily reconciliation kept in
 * money_discrepancies and nobody has resolved yet. A transaction id and amounts only - no patient.
 */
import type { MoneyDiscrepancy } from '@/generated/entities';
import type { Queryable } from '../db/connection';

interface Row {
  id: string;
  found_at: Date;
  gateway: string;
  charge_transaction_id: string;
  ledger_cents: number;
  gateway_cents: number;
  window_start: Date;
  window_end: Date;
  resolved_at: Date | null;
}

const COLUMNS = 'id, found_at, gateway, charge_transaction_id, ledger_cents, gateway_cents, window_start, window_end, resolved_at';
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
  const rows = await db.query<Row>(`SELECT ${COLUMNS} FROM money_discrepancies WHERE resolved_at IS NULL ORDER BY found_at DESC, id LIMIT 200`);
  return rows.map(out);
}

/** Resolves one alert (once: a resolved one answers as it is); undefined when there is no such alert. */
export async function resolveDiscrepancy(db: Queryable, id: string, by: string, at: Date): Promise<MoneyDiscrepancy | undefined> {
  const [updated] = await db.query<Row>(
    `UPDATE money_discrepancies SET resolved_at = $3, resolved_by = $2 WHERE id = $1 AND resolved_at IS NULL RETURNING ${COLUMNS}`,
    [id, by, at.toISOString()],
  );
  if (updated) return out(updated);
  const [row] = await db.query<Row>(`SELECT ${COLUMNS} FROM money_discrepancies WHERE id = $1`, [id]);
  return row ? out(row) : undefined;
}
