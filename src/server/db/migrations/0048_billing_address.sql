-- The card holder's name and billing address (issue 34): typed with a card, sent to the payment processor with
-- it, and kept here ({ firstName, lastName, address } as the Billing entity) so that account settings show it
-- and the next card form starts from it. NULL until a card is paid with or the address is set in settings:
-- until then the account holder's name and home address (users.address) stand in for it.
ALTER TABLE users ADD COLUMN billing jsonb CHECK (billing IS NULL OR jsonb_typeof(billing) = 'object');
