-- Front desk (issue 16 item 4): when a person on a session arrived at the practice, and who checked them in.
ALTER TABLE appointment_patients
  ADD COLUMN checked_in_at timestamptz,
  ADD COLUMN checked_in_by uuid REFERENCES users (id);
