/**
 * Billing: what is due (late-cancellation fees, unpaid self-pay sessions) with a way to pay it, the
 * account's payments and refunds by date range (receipts as PDF downloads, a link to each session's
 * billing details), the Good Faith Estimates issued to it, and the cards on file, to which a card can be added.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { message } from '@/domain/messages';
import { useFetchNow } from '@/client/api/api-queries';
import { errorTextFor } from '@/client/api/errors';
import { ErrorNotice } from '@/client/ui/ErrorNotice';
import { Button } from '@/client/ui/Button';
import { PortalShell } from './PortalShell';
import { ListSkeleton, Loaded } from './states';
import { fullName } from './data';
import { formatCents, formatDollars } from '@/domain/money';
import { billingDate, downloadReceipt, kindLabel, statusLabel, type Transaction, transactionPath, useCardsOnFile, useReceipts } from './billing-data';
import { useAmountsDue, type AmountDue } from './billing/due-data';
import { PayDueDialog } from './billing/PayDueDialog';
import { AddCardDialog } from './billing/AddCardDialog';
import { GoodFaithEstimates } from './billing/GoodFaithEstimates';
import { useDialogChange } from './useDialogChange';

type Change = { kind: 'pay'; due: AmountDue } | { kind: 'addCard' };

function AmountsDue({ onPay }: { onPay: (due: AmountDue) => void }) {
  const dues = useAmountsDue();
  return (
    <Loaded query={dues} skeleton={<ListSkeleton rows={1} height="4rem" />}>
      {(items) =>
        items.length ? (
          <ul className="item-list">
            {items.map((due) => (
              <li key={due.session.id} className="item txn">
                <div className="txn__main">
                  <p className="item__title">{formatCents(due.cents)}</p>
                  <p className="item__meta">{due.label}</p>
                </div>
                <div className="cluster txn__actions">
                  <Button onClick={() => onPay(due)}>{message('ui.patient.billing.pay', { amount: formatCents(due.cents) })}</Button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{message('ui.patient.billing.dueNone')}</p>
        )
      }
    </Loaded>
  );
}

function TransactionRow({ t, onProblem }: { t: Transaction; onProblem: (text: string | undefined) => void }) {
  const fetchNow = useFetchNow();
  const [busy, setBusy] = useState(false);
  async function receipt() {
    setBusy(true);
    onProblem(undefined);
    try {
      await downloadReceipt(fetchNow, t);
    } catch (error) {
      onProblem(errorTextFor(error, 'patient_web'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="item txn">
      <div className="txn__main">
        <p className="item__title">
          {billingDate(t.createdAt)} · {formatDollars(t.amount, { currency: t.currency })}
        </p>
        <p className="item__meta">
          {kindLabel(t)} · {statusLabel(t)}
          {t.patientName ? ` · ${message('ui.patient.billing.for', { patient: t.patientName })}` : ''}
        </p>
        {t.description ? <p className="item__meta">{t.description}</p> : null}
      </div>
      <div className="cluster txn__actions">
        {t.appointmentId ? (
          <Link className="btn btn--ghost" to={transactionPath(t)}>
            {message('ui.patient.billing.details')}
          </Link>
        ) : null}
        <Button variant="secondary" onClick={() => void receipt()} disabled={busy} aria-busy={busy || undefined}>
          {message('ui.patient.billing.receipt')}
        </Button>
      </div>
    </li>
  );
}

function CardsOnFile() {
  const cards = useCardsOnFile();
  return (
    <Loaded query={cards} skeleton={<ListSkeleton rows={1} height="4rem" />}>
      {(lists) =>
        lists.length ? (
          <ul className="item-list">
            {lists.flatMap((l) =>
              l.cards.map((c) => (
                <li key={c.id} className="item person">
                  <div>
                    <p className="item__title">{message('ui.patient.billing.card', { brand: c.brand, last4: c.last4 })}</p>
                    <p className="item__meta">
                      {message('ui.patient.billing.cardExpires', { month: String(c.expirationMonth).padStart(2, '0'), year: c.expirationYear })} ·{' '}
                      {fullName(l.patient)}
                    </p>
                  </div>
                  {c.isDefault ? <span className="badge">{message('ui.patient.billing.defaultCard')}</span> : null}
                </li>
              )),
            )}
          </ul>
        ) : (
          <p className="muted">{message('ui.patient.billing.noCards')}</p>
        )
      }
    </Loaded>
  );
}

export default function PatientBillingPage() {
  const { change, start, close, done } = useDialogChange<Change>();
  const [range, setRange] = useState<{ startDate?: string; endDate?: string }>({});
  const [draft, setDraft] = useState<{ startDate?: string; endDate?: string }>({});
  const [rangeProblem, setRangeProblem] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const receipts = useReceipts(range);
  const shown = { startDate: draft.startDate ?? receipts.data?.startDate ?? '', endDate: draft.endDate ?? receipts.data?.endDate ?? '' };

  function submit(e: FormEvent) {
    e.preventDefault();
    if (shown.startDate && shown.endDate && shown.startDate > shown.endDate) {
      setRangeProblem(message('ui.patient.billing.rangeInvalid'));
      return;
    }
    setRangeProblem(undefined);
    setRange({ ...(shown.startDate ? { startDate: shown.startDate } : {}), ...(shown.endDate ? { endDate: shown.endDate } : {}) });
  }

  return (
    <PortalShell route="patientBilling">
      <p className="lead">{message('ui.patient.billing.intro')}</p>
      <section className="portal-section" aria-labelledby="billing-due">
        <h2 id="billing-due">{message('ui.patient.billing.due')}</h2>
        <AmountsDue onPay={(due) => start({ kind: 'pay', due })} />
      </section>

      <section className="portal-section" aria-labelledby="billing-history">
        <h2 id="billing-history">{message('ui.patient.billing.history')}</h2>
        <form className="range-form" onSubmit={submit} noValidate aria-describedby={rangeProblem ? 'range-problem' : undefined}>
          <fieldset className="range-form__fields">
            <legend className="field__label">{message('ui.patient.billing.range')}</legend>
            <div className="field">
              <label className="field__label" htmlFor="billing-from">
                {message('ui.patient.billing.from')}
              </label>
              <input
                id="billing-from"
                className="input"
                type="date"
                value={shown.startDate}
                onChange={(e) => setDraft((d) => ({ ...d, startDate: e.target.value }))}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor="billing-to">
                {message('ui.patient.billing.to')}
              </label>
              <input
                id="billing-to"
                className="input"
                type="date"
                value={shown.endDate}
                onChange={(e) => setDraft((d) => ({ ...d, endDate: e.target.value }))}
              />
            </div>
            <Button type="submit" variant="secondary">
              {message('ui.patient.billing.show')}
            </Button>
          </fieldset>
          <div aria-live="assertive">
            {rangeProblem ? (
              <p id="range-problem" className="field__error" role="alert">
                {rangeProblem}
              </p>
            ) : null}
          </div>
        </form>
        <ErrorNotice text={problem} />
        <Loaded query={receipts} skeleton={<ListSkeleton rows={3} height="5rem" />}>
          {(data) =>
            data.items.length ? (
              <ul className="item-list">
                {data.items.map((t) => (
                  <TransactionRow key={t.id} t={t} onProblem={setProblem} />
                ))}
              </ul>
            ) : (
              <p className="item">{message('ui.patient.billing.none')}</p>
            )
          }
        </Loaded>
      </section>

      <GoodFaithEstimates />

      <section className="portal-section" aria-labelledby="billing-cards">
        <h2 id="billing-cards">{message('ui.patient.billing.cards')}</h2>
        <div className="stack">
          <CardsOnFile />
          <div className="cluster">
            <Button variant="secondary" onClick={() => start({ kind: 'addCard' })}>
              {message('ui.patient.billing.addCard')}
            </Button>
          </div>
        </div>
      </section>
      {change?.kind === 'pay' ? <PayDueDialog due={change.due} onClose={close} onDone={done} /> : null}
      {change?.kind === 'addCard' ? <AddCardDialog onClose={close} onDone={done} /> : null}
    </PortalShell>
  );
}
