-- The language an account reads mail and documents in (issue 22): a tag of specs/constants/locales.yaml.
-- NULL until chosen: mail then goes out in the default language. A new account takes the language of the
-- pages it signed up on; the account settings change it.
ALTER TABLE users ADD COLUMN language text CHECK (language IS NULL OR language ~ '^[a-z]{2,3}(-[A-Z]{2})?$');
