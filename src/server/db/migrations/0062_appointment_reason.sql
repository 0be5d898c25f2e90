-- What the person would like help with, written when booking (optional; PHI, never logged). Crisis words in
-- it raise the one crisis rule's alerts (src/server/care/crisis-alerts.ts, cause bookingWords).
ALTER TABLE appointments ADD COLUMN reason text CHECK (char_length(reason) <= 1000);
