-- The scheduling system's own payment service (issue 24): a payment it took names it as both its
-- provider and its gateway (src/server/payments/scheduling-payments.ts), and its ledger rows too.
ALTER TABLE payments DROP CONSTRAINT payments_gateway_check;
ALTER TABLE payments ADD CONSTRAINT payments_gateway_check CHECK (gateway IN ('local', 'braintree', 'scheduling_system'));
ALTER TABLE payments ADD CONSTRAINT payments_provider_gateway_check CHECK ((provider = 'scheduling_system') = (gateway = 'scheduling_system'));
ALTER TABLE money_ledger DROP CONSTRAINT money_ledger_gateway_check;
ALTER TABLE money_ledger ADD CONSTRAINT money_ledger_gateway_check CHECK (gateway IN ('local', 'braintree', 'scheduling_system'));
