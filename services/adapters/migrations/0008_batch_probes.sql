-- skald_append_batch (0006) looks up each item's command id and campaign head by a probe of
-- the primary key, not a join. A PL/pgSQL function keeps its plans for the life of a connection,
-- and one made while commands (or campaign_heads) was small joined by scanning the whole
-- table: every batch of a long-lived connection then read every command ever recorded. A
-- correlated probe is one index lookup whatever the table's size when the plan was made.
CREATE OR REPLACE FUNCTION skald_append_batch(
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
    ), bad AS (
        SELECT DISTINCT ON (x.i) x.i, x.s, x.v AS expected, cur.v AS actual
          FROM exp_i x JOIN cur ON cur.i = x.i AND cur.s = x.s
         WHERE x.v IS NOT NULL AND x.v <> cur.v
         ORDER BY x.i, x.n
    ), probed AS MATERIALIZED (
        -- Each item's command id by one primary-key probe (a scalar subquery: the planner cannot
        -- turn it into a join that scans commands), once per item (materialized: never rescanned).
        SELECT it.i, it.c,
               (SELECT to_jsonb(cm) FROM commands cm
                 WHERE cm.campaign_id = it.c AND cm.command_id = it.cmd) AS first_row
          FROM items it
    ), verdict AS (
        SELECT pr.i, pr.c,
               CASE WHEN pr.first_row IS NOT NULL THEN 'duplicate'
                    WHEN bad.i IS NOT NULL THEN 'conflict' ELSE 'ok' END AS st,
               CASE WHEN pr.first_row IS NOT NULL THEN pr.first_row::text
                    WHEN bad.i IS NOT NULL THEN json_build_object(
                        'stream', bad.s, 'expected', bad.expected, 'actual', bad.actual)::text
               END AS detail
          FROM probed pr LEFT JOIN bad ON bad.i = pr.i
    ), heads AS MATERIALIZED (
        -- Each campaign's head by one primary-key probe, once per item.
        SELECT vd.i, coalesce((SELECT h.position FROM campaign_heads h
                                WHERE h.campaign_id = vd.c), 0) AS head
          FROM verdict vd
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
