-- Placeholder on branch money2 only: another branch owns migration 0012. The integrator deletes this file when merging.
SELECT 1;
