-- skald_append_item keeps one generic plan per statement for the life of a connection instead of
-- planning its statements again on every call. With the default plan_cache_mode a PL/pgSQL
-- statement whose parameters are arrays (the events, the expected streams) is given a custom
-- plan each time: its generic plan, estimated for arrays of 10 rows, looks dearer than a custom
-- one for the usual 1 or 2, so the planner ran on every append (a lone append took 0.33 ms with
-- it and 0.25 ms without, a SELECT 1 0.04 ms, in one interleaved probe). Every statement the
-- function runs reads or writes by a primary key or the stream index, and the generic plans use
-- those indexes even when made on empty tables (checked with auto_explain on a fresh database).
-- The group committer sends a lone append (a batch of one) through this function.
--
-- Not on Citus: there the function is the router version of services/citus.py, delegated to
-- the worker holding the campaign, and it is left exactly as it is.
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
        ALTER FUNCTION skald_append_item(text, text, text, text, text, text[], int[], text[],
                                         text[], smallint[], text[], text[], int, bytea, text,
                                         boolean)
            SET plan_cache_mode = force_generic_plan;
    END IF;
END
$$;
