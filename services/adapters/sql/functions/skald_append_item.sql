-- skald_append_item: one append (a command's events, its command row, its dice seed) to one
-- campaign, its refusals returned as status rows instead of raised. The group committer sends a
-- lone append through it. Rows returned: first ('ok' | 'duplicate' | 'conflict' | 'busy', detail)
-- with no event, then for 'ok' one 'event' row per appended event. 'duplicate': detail is the
-- first command row as JSON; 'conflict': detail is {"stream", "expected", "actual"}. With
-- p_wait false it never waits for the campaign's lock: it returns 'busy' and does nothing.
--
-- History: 0006 (created), 0009 (plan_cache_mode = force_generic_plan: one generic plan per
-- statement for the life of a connection, instead of planning each append again), 0010 (this
-- file). Not installed on Citus, where services/citus.py replaces it by its router version.
CREATE OR REPLACE FUNCTION skald_append_item(
    p_campaign text,
    p_command_id text, p_actor text, p_command_type text, p_payload_sha256 text,
    p_expected_streams text[], p_expected_versions int[],
    p_streams text[], p_types text[], p_schema_versions smallint[], p_data text[], p_metadata text[],
    p_seed_epoch int, p_seed bytea, p_seed_commitment text, p_wait boolean
)
RETURNS TABLE (status text, detail text, "position" bigint, campaign_id text, stream_id text,
               stream_version int, type text, schema_version smallint, data jsonb, metadata jsonb,
               transaction_id bigint, recorded_at timestamptz)
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
AS $$
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
