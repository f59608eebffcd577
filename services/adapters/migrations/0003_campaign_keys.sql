-- The campaign is the unit of order and consistency, and the distribution column everywhere.
--
-- * events.position becomes a per-campaign position (1, 2, 3, ... in each campaign): the key is
--   (campaign_id, position) and a stream's versions are unique per (campaign_id, stream_id).
--   Nothing needs an order across campaigns; a campaign's appends are serialised by its lock,
--   so its positions commit in order and a reader of one campaign never skips a late commit.
-- * commands are keyed by (campaign_id, command_id): a command id is decided once per campaign.
-- * campaign_heads holds each campaign's last position: the next position is read from one row,
--   and projector workers find the campaigns with news without scanning the log.
-- * Every primary key and unique constraint includes campaign_id, and no table references
--   another, so each of these tables can be distributed by campaign_id and colocated (Citus).
--
-- Existing data moves: positions are renumbered per campaign in their old order, and every
-- reference to a position (reveals, retcons, recorded replies) is rewritten to the new number.

ALTER TABLE events DISABLE TRIGGER events_append_only;
ALTER TABLE commands DISABLE TRIGGER commands_append_only;

CREATE TEMP TABLE skald_renumbered ON COMMIT DROP AS
SELECT position AS old, campaign_id,
       row_number() OVER (PARTITION BY campaign_id ORDER BY position) AS new
  FROM events;
CREATE INDEX ON skald_renumbered (old);

UPDATE events e
   SET data = jsonb_set(e.data, '{position}', to_jsonb(r.new))
  FROM skald_renumbered r
 WHERE e.type IN ('RollRevealed', 'EventRetconned')
   AND r.campaign_id = e.campaign_id AND r.old = (e.data ->> 'position')::bigint;

UPDATE commands c
   SET reply = jsonb_set(c.reply, '{positions}', coalesce(
       (SELECT jsonb_agg(r.new ORDER BY r.new)
          FROM jsonb_array_elements_text(c.reply -> 'positions') AS p(old)
          JOIN skald_renumbered r ON r.old = p.old::bigint), '[]'::jsonb))
 WHERE c.reply ? 'positions';

ALTER TABLE events DROP CONSTRAINT events_pkey;
ALTER TABLE events ALTER COLUMN position DROP IDENTITY;
UPDATE events e SET position = r.new FROM skald_renumbered r WHERE e.position = r.old;

ALTER TABLE events ENABLE TRIGGER events_append_only;
ALTER TABLE commands ENABLE TRIGGER commands_append_only;

ALTER TABLE events ADD PRIMARY KEY (campaign_id, position);
ALTER TABLE events DROP CONSTRAINT events_stream_version_unique;
ALTER TABLE events ADD CONSTRAINT events_stream_version_unique
    UNIQUE (campaign_id, stream_id, stream_version);
DROP INDEX events_campaign_position;
ALTER TABLE commands DROP CONSTRAINT commands_pkey;
ALTER TABLE commands ADD PRIMARY KEY (campaign_id, command_id);

CREATE TABLE campaign_heads (
    campaign_id text   PRIMARY KEY,
    position    bigint NOT NULL CHECK (position > 0)
);
INSERT INTO campaign_heads (campaign_id, position)
SELECT campaign_id, max(position) FROM events GROUP BY campaign_id;

-- Projector workers share the campaigns by hash partition, each partition leased to one worker.
CREATE TABLE projector_leases (
    partition   smallint    PRIMARY KEY,
    owner       text,
    expires_at  timestamptz NOT NULL DEFAULT '-infinity'
);
INSERT INTO projector_leases (partition) SELECT generate_series(0, 31);
CREATE TABLE projector_workers (
    worker_id   text        PRIMARY KEY,
    seen_at     timestamptz NOT NULL
);

REVOKE ALL ON campaign_heads, projector_leases, projector_workers FROM PUBLIC;
GRANT SELECT, INSERT, UPDATE ON campaign_heads TO skald_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON projector_leases, projector_workers TO skald_app;

-- The append, keyed by campaign. Same contract as before (see 0002), with per-campaign positions.
DROP FUNCTION skald_append(text, text, text, text, text, text[], int[], text[], text[],
                           smallint[], text[], text[], int, bytea, text);
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
    v_head bigint;
BEGIN
    PERFORM pg_advisory_xact_lock(1, hashtext(p_campaign));
    IF p_command_id IS NOT NULL THEN
        SELECT to_jsonb(c) INTO v_first FROM commands c
         WHERE c.campaign_id = p_campaign AND c.command_id = p_command_id;
        IF v_first IS NOT NULL THEN
            RAISE EXCEPTION 'duplicate command %', p_command_id
                USING ERRCODE = 'SK001', DETAIL = v_first::text;
        END IF;
    END IF;
    -- Each stream's version by one index probe (the newest entry), not by scanning the stream.
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
            RAISE EXCEPTION '%', p_expected_streams[i] USING ERRCODE = 'SK002',
                DETAIL = json_build_object('expected', p_expected_versions[i], 'actual', v_actual)::text;
        END IF;
    END LOOP;
    SELECT h.position INTO v_head FROM campaign_heads h WHERE h.campaign_id = p_campaign;
    v_head := coalesce(v_head, 0);
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
    SELECT * FROM ins ORDER BY 1;
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
REVOKE ALL ON FUNCTION skald_append(text, text, text, text, text, text[], int[], text[], text[],
                                    smallint[], text[], text[], int, bytea, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION skald_append(text, text, text, text, text, text[], int[], text[], text[],
                                       smallint[], text[], text[], int, bytea, text) TO skald_app;
