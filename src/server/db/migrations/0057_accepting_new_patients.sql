-- Whether a provider takes new clients (issue 39 item 4, no ghost listings): search lists as bookable only
-- providers who do and who have open times in its window; the clinician and the clinical admin say so. Every
-- provider listed before this migration was taking new clients (search showed them all).
ALTER TABLE providers ADD COLUMN accepting_new_patients boolean NOT NULL DEFAULT true;
