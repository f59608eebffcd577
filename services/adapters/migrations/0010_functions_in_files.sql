-- Each SQL function the service calls now lives in a file of its own, services/sql/functions/
-- <name>.sql, which holds its current definition (CREATE OR REPLACE); a migration that changes a
-- function edits its file and installs it again with an include line, read by services/migrate.py:
--   \i functions/<name>.sql
-- This migration installs the definitions the earlier migrations left (0001, 0006, 0008, 0009),
-- unchanged: the same arguments, bodies, settings and privileges.
\i functions/skald_refuse_change.sql
\i functions/skald_append_batch.sql
-- Not on Citus: there skald_append_item is the router version of services/citus.py, delegated to
-- the worker holding the campaign, and it is left exactly as it is (as 0009 left it).
DO $install$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
        EXECUTE $function$
\i functions/skald_append_item.sql
$function$;
    END IF;
END
$install$;
