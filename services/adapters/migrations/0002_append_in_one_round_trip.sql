-- An append in one statement (and so one round trip, in its own transaction): take the
-- campaign's append lock, refuse a repeated command id or a stale expected version, number and
-- insert the events, record the command, and notify readers.
-- VOLATILE: every statement below sees a fresh snapshot, so the checks happen after the lock.
-- Errors: SK001 duplicate command (DETAIL: the first command row as JSON),
--         SK002 wrong expected version (MESSAGE: stream id; DETAIL: {"expected", "actual"}).
CREATE FUNCTION skald_append(
    p_campaign text,
    p_command_id text, p_actor text, p_command_type text, p_payload_sha256 text,
    p_expected_streams text[], p_expected_versions int[],
    p_streams text[], p_types text[], p_schema_versions smallint[], p_data text[], p_metadata text[],
    p_seed_epoch int, p_seed bytea, p_seed_commitment text
)
RETURNS TABLE ("position" bigint, campaign_id text, stream_id text, stream_version int, type text,
               schema_version smallint, data jsonb, metadata jsonb, transaction_id bigint,
               recorded_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
    v_first jsonb;
    v_versions jsonb;
    v_actual int;
BEGIN
    PERFORM pg_advisory_xact_lock(1, hashtext(p_campaign));
    IF p_command_id IS NOT NULL THEN
        SELECT to_jsonb(c) INTO v_first FROM commands c WHERE c.command_id = p_command_id;
        IF v_first IS NOT NULL THEN
            RAISE EXCEPTION 'duplicate command %', p_command_id
                USING ERRCODE = 'SK001', DETAIL = v_first::text;
        END IF;
    END IF;
    SELECT coalesce(jsonb_object_agg(s.stream_id, s.v), '{}'::jsonb) INTO v_versions
      FROM (SELECT e.stream_id, max(e.stream_version) AS v FROM events e
             WHERE e.stream_id = ANY (p_streams || p_expected_streams) GROUP BY e.stream_id) s;
    FOR i IN 1 .. coalesce(array_length(p_expected_streams, 1), 0) LOOP
        v_actual := coalesce((v_versions ->> p_expected_streams[i])::int, 0);
        IF p_expected_versions[i] IS NOT NULL AND v_actual <> p_expected_versions[i] THEN
            RAISE EXCEPTION '%', p_expected_streams[i] USING ERRCODE = 'SK002',
                DETAIL = json_build_object('expected', p_expected_versions[i], 'actual', v_actual)::text;
        END IF;
    END LOOP;
    RETURN QUERY
    WITH numbered AS (
        SELECT u.s, u.t, u.sv, u.d, u.m, u.n,
               coalesce((v_versions ->> u.s)::int, 0)
                   + row_number() OVER (PARTITION BY u.s ORDER BY u.n) AS v
          FROM unnest(p_streams, p_types, p_schema_versions, p_data, p_metadata)
               WITH ORDINALITY AS u(s, t, sv, d, m, n)
    ), ins AS (
        INSERT INTO events (campaign_id, stream_id, stream_version, type, schema_version, data,
                            metadata)
        SELECT p_campaign, nb.s, nb.v::int, nb.t, nb.sv, nb.d::jsonb, nb.m::jsonb
          FROM numbered nb ORDER BY nb.n
        RETURNING events.position, events.campaign_id, events.stream_id, events.stream_version,
                  events.type, events.schema_version, events.data, events.metadata,
                  events.transaction_id::text::bigint, events.recorded_at
    ), cmd AS (
        INSERT INTO commands (command_id, actor, campaign_id, type, payload_sha256, reply)
        SELECT p_command_id, p_actor, p_campaign, p_command_type, p_payload_sha256,
               jsonb_build_object('positions', (SELECT jsonb_agg(i.position ORDER BY i.position)
                                                  FROM ins i))
         WHERE p_command_id IS NOT NULL
    )
    SELECT * FROM ins ORDER BY 1;
    IF p_seed IS NOT NULL THEN
        INSERT INTO dice_seeds (campaign_id, epoch, seed, commitment)
        VALUES (p_campaign, p_seed_epoch, p_seed, p_seed_commitment);
    END IF;
    PERFORM pg_notify('skald_events', p_campaign);
END
$$;
REVOKE ALL ON FUNCTION skald_append(text, text, text, text, text, text[], int[], text[], text[],
                                    smallint[], text[], text[], int, bytea, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION skald_append(text, text, text, text, text, text[], int[], text[], text[],
                                       smallint[], text[], text[], int, bytea, text) TO skald_app;
