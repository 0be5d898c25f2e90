/** Billing of the account: payments and refunds by date range, one transaction, receipts and statements as PDFs, cards on file. */
import { useGetBillingTransactionQuery, useListPaymentReceiptsQuery } from '@/generated/client/hooks';
import { formatDate } from '@/domain/date-format';
import * as patientsConstants from '@/generated/constants/patients';
import type { BillingTransaction } from '@/generated/entities';
import { routeById } from '@/generated/routes';
import type { FetchNow } from '@/client/api/api-queries';
import { usePerPatientQueries } from './data';
import { saveFile } from '@/client/ui/save-file';
import { enumLabelOf } from '@/domain/translations';
import * as moneyEnums from '@/generated/enums/money';
import * as patientsEnums from '@/generated/enums/patients';

export type Transaction = BillingTransaction;

export function useReceipts(range: { startDate?: string; endDate?: string }) {
  return useListPaymentReceiptsQuery({ query: range });
}

export function useTransaction(patientId: string | undefined, transactionId: string | undefined) {
  return useGetBillingTransactionQuery(
    { params: { id: patientId ?? '', transactionId: transactionId ?? '' } },
    { enabled: Boolean(patientId && transactionId) },
  );
}

/** Cards on file of every patient of the account (the patients with none left out). */
export function useCardsOnFile() {
  const lists = usePerPatientQueries(
    (queries, id) => queries.listPatientCards({ params: { id } }),
    (answer) => ({ cards: answer.items }),
  );
  return { ...lists, data: lists.data?.filter((l) => l.cards.length) };
}

export function transactionPath(t: Pick<Transaction, 'id' | 'patientId'>): string {
  return `${routeById.patientBillingSession.path}?${new URLSearchParams({ patientId: t.patientId, transactionId: t.id }).toString()}`;
}

export function kindLabel(t: Transaction): string {
  return enumLabelOf(patientsEnums.billingTransactionKind, t.kind);
}

export function statusLabel(t: Transaction): string {
  return enumLabelOf(moneyEnums.paymentStatus, t.status);
}

/** "Nov 26, 2026": the day of a payment, in the billing time zone. */
export function billingDate(iso: string): string {
  return formatDate(iso, patientsConstants.billingTimeZone);
}

export async function downloadReceipt(fetchNow: FetchNow, t: Pick<Transaction, 'id' | 'createdAt'>): Promise<void> {
  const pdf = await fetchNow((q) => q.downloadPaymentReceipt({ params: { id: t.id } }));
  saveFile(pdf, `receipt-${t.createdAt.slice(0, 10)}.pdf`);
}

export async function downloadStatement(fetchNow: FetchNow, t: Pick<Transaction, 'patientId' | 'appointmentId' | 'createdAt'>): Promise<void> {
  const ehrVisitId = t.appointmentId;
  if (!ehrVisitId) return;
  const pdf = await fetchNow((q) => q.downloadBillingStatement({ query: { patientId: t.patientId, ehrVisitId } }));
  saveFile(pdf, `statement-${t.createdAt.slice(0, 10)}.pdf`);
}
