-- Group commit: many appends, each to its own campaign's streams, share one transaction (and so
-- one WAL flush), and each keeps its own checks. skald_append_item is skald_append (0003) with
-- its two refusals returned as a status row instead of raised, so one refused append does not
-- undo the others; skald_append_batch runs the items in the order of their campaign locks, so
-- two batches never wait on each other in a circle.
--
-- In a batch an append never waits for its campaign's lock: should another transaction hold it,
-- the append is returned 'busy' (nothing done) and is sent again on its own, which waits, so one
-- busy campaign does not hold up the rest of the batch.
--
-- Rows returned: first ('ok' | 'duplicate' | 'conflict' | 'busy', detail) with no event, then for 'ok'
-- one 'event' row per appended event. 'duplicate': detail is the first command row as JSON;
-- 'conflict': detail is {"stream", "expected", "actual"}.
CREATE FUNCTION skald_append_item(
    p_campaign text,
    p_command_id text, p_actor text, p_command_type text, p_payload_sha256 text,
    p_expected_streams text[], p_expected_versions int[],
    p_streams text[], p_types text[], p_schema_versions smallint[], p_data text[], p_metadata text[],
    p_seed_epoch int, p_seed bytea, p_seed_commitment text, p_wait boolean
)
RETURNS TABLE (status text, detail text, "position" bigint, campaign_id text, stream_id text,
               stream_version int, type text, schema_version smallint, data jsonb, metadata jsonb,
               transaction_id bigint, recorded_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
    v_first jsonb;
    v_versions jsonb;
    v_actual int;
    v_head bigint;
BEGIN
    IF p_wait THEN
        PERFORM pg_advisory_xact_lock(1, hashtext(p_campaign));
    ELSIF NOT pg_try_advisory_xact_lock(1, hashtext(p_campaign)) THEN
        RETURN QUERY SELECT 'busy'::text, NULL::text, NULL::bigint, NULL::text, NULL::text,
                            NULL::int, NULL::text, NULL::smallint, NULL::jsonb, NULL::jsonb,
                            NULL::bigint, NULL::timestamptz;
        RETURN;
    END IF;
    IF p_command_id IS NOT NULL THEN
        SELECT to_jsonb(c) INTO v_first FROM commands c
         WHERE c.campaign_id = p_campaign AND c.command_id = p_command_id;
        IF v_first IS NOT NULL THEN
            RETURN QUERY SELECT 'duplicate'::text, v_first::text, NULL::bigint, NULL::text,
                                NULL::text, NULL::int, NULL::text, NULL::smallint, NULL::jsonb,
                                NULL::jsonb, NULL::bigint, NULL::timestamptz;
            RETURN;
        END IF;
    END IF;
    SELECT coalesce(jsonb_object_agg(s.sid, s.v), '{}'::jsonb) INTO v_versions
      FROM (SELECT DISTINCT u.sid,
                   (SELECT e.stream_version FROM events e
                     WHERE e.campaign_id = p_campaign AND e.stream_id = u.sid
                     ORDER BY e.stream_version DESC LIMIT 1) AS v
              FROM unnest(p_streams || p_expected_streams) AS u(sid)) s
     WHERE s.v IS NOT NULL;
    FOR i IN 1 .. coalesce(array_length(p_expected_streams, 1), 0) LOOP
        v_actual := coalesce((v_versions ->> p_expected_streams[i])::int, 0);
        IF p_expected_versions[i] IS NOT NULL AND v_actual <> p_expected_versions[i] THEN
            RETURN QUERY SELECT 'conflict'::text,
                                json_build_object('stream', p_expected_streams[i],
                                                  'expected', p_expected_versions[i],
                                                  'actual', v_actual)::text,
                                NULL::bigint, NULL::text, NULL::text, NULL::int, NULL::text,
                                NULL::smallint, NULL::jsonb, NULL::jsonb, NULL::bigint,
                                NULL::timestamptz;
            RETURN;
        END IF;
    END LOOP;
    SELECT h.position INTO v_head FROM campaign_heads h WHERE h.campaign_id = p_campaign;
    v_head := coalesce(v_head, 0);
    RETURN QUERY SELECT 'ok'::text, NULL::text, NULL::bigint, NULL::text, NULL::text, NULL::int,
                        NULL::text, NULL::smallint, NULL::jsonb, NULL::jsonb, NULL::bigint,
                        NULL::timestamptz;
    RETURN QUERY
    WITH numbered AS (
        SELECT u.s, u.t, u.sv, u.d, u.m, u.n,
               coalesce((v_versions ->> u.s)::int, 0)
                   + row_number() OVER (PARTITION BY u.s ORDER BY u.n) AS v
          FROM unnest(p_streams, p_types, p_schema_versions, p_data, p_metadata)
               WITH ORDINALITY AS u(s, t, sv, d, m, n)
    ), ins AS (
        INSERT INTO events (position, campaign_id, stream_id, stream_version, type, schema_version,
                            data, metadata)
        SELECT v_head + nb.n, p_campaign, nb.s, nb.v::int, nb.t, nb.sv, nb.d::jsonb, nb.m::jsonb
          FROM numbered nb ORDER BY nb.n
        RETURNING events.position, events.campaign_id, events.stream_id, events.stream_version,
                  events.type, events.schema_version, events.data, events.metadata,
                  events.transaction_id::text::bigint, events.recorded_at
    ), cmd AS (
        INSERT INTO commands (command_id, actor, campaign_id, type, payload_sha256, reply)
        SELECT p_command_id, p_actor, p_campaign, p_command_type, p_payload_sha256,
               jsonb_build_object('positions', (SELECT coalesce(jsonb_agg(i.position ORDER BY i.position),
                                                                '[]'::jsonb) FROM ins i))
         WHERE p_command_id IS NOT NULL
    )
    SELECT 'event'::text, NULL::text, ins.* FROM ins ORDER BY ins.position;
    IF coalesce(array_length(p_streams, 1), 0) > 0 THEN
        INSERT INTO campaign_heads AS h (campaign_id, position)
        VALUES (p_campaign, v_head + array_length(p_streams, 1))
        ON CONFLICT (campaign_id) DO UPDATE SET position = EXCLUDED.position;
    END IF;
    IF p_seed IS NOT NULL THEN
        INSERT INTO dice_seeds (campaign_id, epoch, seed, commitment)
        VALUES (p_campaign, p_seed_epoch, p_seed, p_seed_commitment);
    END IF;
    PERFORM pg_notify('skald_events', p_campaign);
END
$$;

-- The items are flattened into arrays: item k has the expected streams
-- p_expected_*[p_expected_from[k] : p_expected_to[k]] and the events
-- p_*[p_events_from[k] : p_events_to[k]] (1-based, inclusive; an empty range is from > to).
CREATE FUNCTION skald_append_batch(
    p_campaigns text[],
    p_command_ids text[], p_actors text[], p_command_types text[], p_payload_sha256s text[],
    p_expected_from int[], p_expected_to int[], p_expected_streams text[], p_expected_versions int[],
    p_events_from int[], p_events_to int[],
    p_streams text[], p_types text[], p_schema_versions smallint[], p_data text[], p_metadata text[],
    p_seed_epochs int[], p_seeds bytea[], p_seed_commitments text[]
)
RETURNS TABLE (item int, status text, detail text, "position" bigint, campaign_id text,
               stream_id text, stream_version int, type text, schema_version smallint, data jsonb,
               metadata jsonb, transaction_id bigint, recorded_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
    k int;
    a int;
    b int;
    x int;
    y int;
BEGIN
    FOR k IN SELECT u.i FROM unnest(p_campaigns) WITH ORDINALITY AS u(c, i)
              ORDER BY hashtext(u.c), u.c, u.i LOOP
        a := p_expected_from[k]; b := p_expected_to[k];
        x := p_events_from[k]; y := p_events_to[k];
        RETURN QUERY SELECT k, r.* FROM skald_append_item(
            p_campaigns[k], p_command_ids[k], p_actors[k], p_command_types[k], p_payload_sha256s[k],
            coalesce(p_expected_streams[a:b], '{}'), coalesce(p_expected_versions[a:b], '{}'),
            coalesce(p_streams[x:y], '{}'), coalesce(p_types[x:y], '{}'),
            coalesce(p_schema_versions[x:y], '{}'), coalesce(p_data[x:y], '{}'),
            coalesce(p_metadata[x:y], '{}'),
            p_seed_epochs[k], p_seeds[k], p_seed_commitments[k], false) AS r;
    END LOOP;
END
$$;

REVOKE ALL ON FUNCTION skald_append_item(text, text, text, text, text, text[], int[], text[],
                                         text[], smallint[], text[], text[], int, bytea, text, boolean)
    FROM PUBLIC;
REVOKE ALL ON FUNCTION skald_append_batch(text[], text[], text[], text[], text[], int[], int[],
                                          text[], int[], int[], int[], text[], text[], smallint[],
                                          text[], text[], int[], bytea[], text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION skald_append_item(text, text, text, text, text, text[], int[], text[],
                                            text[], smallint[], text[], text[], int, bytea, text, boolean)
    TO skald_app;
GRANT EXECUTE ON FUNCTION skald_append_batch(text[], text[], text[], text[], text[], int[], int[],
                                             text[], int[], int[], int[], text[], text[],
                                             smallint[], text[], text[], int[], bytea[], text[])
    TO skald_app;
