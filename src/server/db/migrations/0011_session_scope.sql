-- Issue 14: a session may be limited to one purpose. 'booking' is the session of the skip-e-mail path
-- (POST /users/create-skip-email-verification): it may finish that one booking and nothing else.
-- NULL is a full session.
ALTER TABLE auth_sessions ADD COLUMN scope text CHECK (scope IN ('booking'));
