-- Referrals (issue 17 item 3) are referral tasks of the one task model (0016): the receiving provider's
-- queue is tasks.provider_id (indexed there); the referring provider is details->>'fromProviderId', which
-- the "sent" list of /care/v1/referrals reads through this index.
CREATE INDEX tasks_referral_from_idx ON tasks ((details ->> 'fromProviderId'), created_at DESC) WHERE kind = 'referral';
