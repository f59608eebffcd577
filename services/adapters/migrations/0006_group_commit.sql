-- Group commit: many appends, each to its own campaign's streams, share one transaction (and so
-- one WAL flush), and each keeps its own checks: a refused one (a repeated command id, a stale
-- expected version) is reported as a status row and appends nothing, while the others commit.
-- skald_append_item is skald_append (0003) with its refusals returned instead of raised, for an
-- append sent on its own; skald_append_batch does the same for many at once.
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

-- The batch, set-based: a few statements for the whole batch, not a call per append.
-- The items are flattened into arrays: item k has the expected streams
-- p_expected_*[p_expected_from[k] .. p_expected_to[k]] and the events
-- p_*[p_events_from[k] .. p_events_to[k]] (1-based, inclusive; an empty range is from > to).
-- A batch holds at most one append per campaign (the caller sends any other alone), so the
-- appends of a batch never depend on each other.
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
    v_busy text[];
BEGIN
    -- The locks first, in a statement of their own: the next one's snapshot is taken after
    -- them, so it sees every append that held a lock before.
    SELECT coalesce(array_agg(l.c) FILTER (WHERE NOT l.got), '{}') INTO v_busy
      FROM (SELECT d.c, pg_try_advisory_xact_lock(1, hashtext(d.c)) AS got
              FROM (SELECT DISTINCT u.c FROM unnest(p_campaigns) AS u(c) ORDER BY 1) d) l;
    RETURN QUERY
    WITH items AS (
        SELECT u.*
          FROM unnest(p_campaigns, p_command_ids, p_actors, p_command_types, p_payload_sha256s,
                      p_expected_from, p_expected_to, p_events_from, p_events_to, p_seed_epochs,
                      p_seeds, p_seed_commitments)
               WITH ORDINALITY AS u(c, cmd, actor, ctype, sha, ef, et, vf, vt, se, sd, sc, i)
         WHERE NOT (u.c = ANY (v_busy))
    ), exp_i AS (
        SELECT it.i, it.c, x.s, x.v, x.n
          FROM unnest(p_expected_streams, p_expected_versions) WITH ORDINALITY AS x(s, v, n)
          JOIN items it ON x.n BETWEEN it.ef AND it.et
    ), evs_i AS (
        SELECT it.i, it.c, y.s, y.t, y.sv, y.d, y.m, y.n
          FROM unnest(p_streams, p_types, p_schema_versions, p_data, p_metadata)
               WITH ORDINALITY AS y(s, t, sv, d, m, n)
          JOIN items it ON y.n BETWEEN it.vf AND it.vt
    ), cur AS (
        -- Each stream's version by one index probe (its newest entry).
        SELECT st.i, st.s,
               coalesce((SELECT e.stream_version FROM events e
                          WHERE e.campaign_id = st.c AND e.stream_id = st.s
                          ORDER BY e.stream_version DESC LIMIT 1), 0) AS v
          FROM (SELECT DISTINCT z.i, z.c, z.s
                  FROM (SELECT i, c, s FROM exp_i UNION ALL SELECT i, c, s FROM evs_i) z) st
    ), dup AS (
        SELECT it.i, to_jsonb(cm) AS first_row
          FROM items it JOIN commands cm ON cm.campaign_id = it.c AND cm.command_id = it.cmd
    ), bad AS (
        SELECT DISTINCT ON (x.i) x.i, x.s, x.v AS expected, cur.v AS actual
          FROM exp_i x JOIN cur ON cur.i = x.i AND cur.s = x.s
         WHERE x.v IS NOT NULL AND x.v <> cur.v
         ORDER BY x.i, x.n
    ), verdict AS (
        SELECT it.i, it.c,
               CASE WHEN dup.i IS NOT NULL THEN 'duplicate'
                    WHEN bad.i IS NOT NULL THEN 'conflict' ELSE 'ok' END AS st,
               CASE WHEN dup.i IS NOT NULL THEN dup.first_row::text
                    WHEN bad.i IS NOT NULL THEN json_build_object(
                        'stream', bad.s, 'expected', bad.expected, 'actual', bad.actual)::text
               END AS detail
          FROM items it LEFT JOIN dup ON dup.i = it.i LEFT JOIN bad ON bad.i = it.i
    ), heads AS (
        SELECT vd.i, coalesce(h.position, 0) AS head
          FROM verdict vd LEFT JOIN campaign_heads h ON h.campaign_id = vd.c
         WHERE vd.st = 'ok'
    ), numbered AS (
        SELECT ev.i, ev.c, ev.s, ev.t, ev.sv, ev.d, ev.m, ev.n,
               hd.head + row_number() OVER (PARTITION BY ev.i ORDER BY ev.n) AS pos,
               cur.v + row_number() OVER (PARTITION BY ev.i, ev.s ORDER BY ev.n) AS ver
          FROM evs_i ev JOIN heads hd ON hd.i = ev.i JOIN cur ON cur.i = ev.i AND cur.s = ev.s
    ), ins AS (
        INSERT INTO events (position, campaign_id, stream_id, stream_version, type, schema_version,
                            data, metadata)
        SELECT nb.pos, nb.c, nb.s, nb.ver::int, nb.t, nb.sv, nb.d::jsonb, nb.m::jsonb
          FROM numbered nb ORDER BY nb.n
        RETURNING events.position, events.campaign_id, events.stream_id, events.stream_version,
                  events.type, events.schema_version, events.data, events.metadata,
                  events.transaction_id::text::bigint AS transaction_id, events.recorded_at
    ), cmd AS (
        INSERT INTO commands (command_id, actor, campaign_id, type, payload_sha256, reply)
        SELECT it.cmd, it.actor, it.c, it.ctype, it.sha,
               jsonb_build_object('positions', coalesce(
                   (SELECT jsonb_agg(nb.pos ORDER BY nb.pos) FROM numbered nb WHERE nb.i = it.i),
                   '[]'::jsonb))
          FROM items it JOIN heads hd ON hd.i = it.i
         WHERE it.cmd IS NOT NULL
    ), moved AS (
        INSERT INTO campaign_heads AS h (campaign_id, position)
        SELECT it.c, hd.head + (it.vt - it.vf + 1)
          FROM items it JOIN heads hd ON hd.i = it.i
         WHERE it.vt >= it.vf
        ON CONFLICT (campaign_id) DO UPDATE SET position = EXCLUDED.position
    ), seeded AS (
        INSERT INTO dice_seeds (campaign_id, epoch, seed, commitment)
        SELECT it.c, it.se, it.sd, it.sc
          FROM items it JOIN heads hd ON hd.i = it.i
         WHERE it.sd IS NOT NULL
    )
    SELECT vd.i::int, vd.st, vd.detail, NULL::bigint, NULL::text, NULL::text, NULL::int,
           NULL::text, NULL::smallint, NULL::jsonb, NULL::jsonb, NULL::bigint, NULL::timestamptz
      FROM verdict vd
    UNION ALL
    SELECT nb.i::int, 'event', NULL::text, ins.position, ins.campaign_id, ins.stream_id,
           ins.stream_version, ins.type, ins.schema_version, ins.data, ins.metadata,
           ins.transaction_id, ins.recorded_at
      FROM ins JOIN numbered nb ON nb.c = ins.campaign_id AND nb.pos = ins.position
    UNION ALL
    SELECT u.i::int, 'busy', NULL::text, NULL::bigint, NULL::text, NULL::text, NULL::int,
           NULL::text, NULL::smallint, NULL::jsonb, NULL::jsonb, NULL::bigint, NULL::timestamptz
      FROM unnest(p_campaigns) WITH ORDINALITY AS u(c, i)
     WHERE u.c = ANY (v_busy);
    -- A notice per campaign of the batch (one is harmless where nothing was appended).
    PERFORM pg_notify('skald_events', d.c)
       FROM (SELECT DISTINCT u.c FROM unnest(p_campaigns) AS u(c)
              WHERE NOT (u.c = ANY (v_busy))) d;
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
