-- Refunds (issue 24): a refund is a row of payments that names the charge it gives back (refund_of),
-- with the gateway's refund or void id, the reason and its own idempotency key. The charge's status
-- moves succeeded -> partially_refunded -> refunded (src/domain/payment-status.ts). One refund per
-- key and charge: a retry with the same key finds the first.
ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('succeeded', 'failed', 'partially_refunded', 'refunded'));
ALTER TABLE payments
  ADD COLUMN refund_of uuid REFERENCES payments (id),
  ADD COLUMN refund_reason text CHECK (char_length(refund_reason) <= 500),
  ADD COLUMN settled_at timestamptz;
CREATE UNIQUE INDEX payments_refund_key_idx ON payments (refund_of, idempotency_key) WHERE refund_of IS NOT NULL AND idempotency_key IS NOT NULL;
CREATE INDEX payments_refund_of_idx ON payments (refund_of) WHERE refund_of IS NOT NULL;
