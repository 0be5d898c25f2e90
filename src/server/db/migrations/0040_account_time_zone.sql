-- The time zone an account reads times in (issue 34): an IANA zone (checked by the API with the platform's
-- zone data, src/domain/date-format.ts isTimeZone). Screens, mail, reminders, PDFs and calendar files show
-- every time in it, named. NULL until known: the patient's own browser suggests it at booking and the account
-- settings change it; staff may set a caller's. Until then a booking's stored zone (appointments.time_zone) applies.
ALTER TABLE users ADD COLUMN time_zone text CHECK (time_zone IS NULL OR char_length(time_zone) BETWEEN 1 AND 64);
