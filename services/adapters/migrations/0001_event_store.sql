-- The event store: one append-only log of every decided outcome.
CREATE TABLE events (
    position        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    campaign_id     text        NOT NULL,
    stream_id       text        NOT NULL,
    stream_version  integer     NOT NULL CHECK (stream_version > 0),
    type            text        NOT NULL,
    schema_version  smallint    NOT NULL,
    data            jsonb       NOT NULL,
    metadata        jsonb       NOT NULL,
    -- Readers order by (transaction_id, position) and stay below the oldest
    -- in-flight transaction, so a late commit is never overtaken.
    transaction_id  xid8        NOT NULL DEFAULT pg_current_xact_id(),
    recorded_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
    CONSTRAINT events_stream_version_unique UNIQUE (stream_id, stream_version)
);
CREATE INDEX events_campaign_position ON events (campaign_id, position);
CREATE INDEX events_transaction_position ON events (transaction_id, position);

-- Idempotency: a command id is decided once; its reply is kept.
CREATE TABLE commands (
    command_id      text        PRIMARY KEY,
    actor           text        NOT NULL,
    campaign_id     text        NOT NULL,
    type            text        NOT NULL,
    payload_sha256  text        NOT NULL,
    reply           jsonb       NOT NULL,
    recorded_at     timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- A campaign's secret dice seed; only its SHA-256 is ever published.
CREATE TABLE dice_seeds (
    campaign_id     text        NOT NULL,
    epoch           integer     NOT NULL,
    seed            bytea       NOT NULL,
    commitment      text        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (campaign_id, epoch)
);

-- API bearer tokens, stored as SHA-256 only.
CREATE TABLE api_tokens (
    token_sha256    text        PRIMARY KEY,
    user_name       text        NOT NULL,
    label           text        NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE FUNCTION skald_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'skald: % on % refused: this table is append-only', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'restrict_violation';
END
$$;

CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION skald_refuse_change();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION skald_refuse_change();
CREATE TRIGGER commands_append_only BEFORE UPDATE OR DELETE ON commands
    FOR EACH ROW EXECUTE FUNCTION skald_refuse_change();
CREATE TRIGGER commands_no_truncate BEFORE TRUNCATE ON commands
    FOR EACH STATEMENT EXECUTE FUNCTION skald_refuse_change();
CREATE TRIGGER dice_seeds_append_only BEFORE UPDATE OR DELETE ON dice_seeds
    FOR EACH ROW EXECUTE FUNCTION skald_refuse_change();
CREATE TRIGGER dice_seeds_no_truncate BEFORE TRUNCATE ON dice_seeds
    FOR EACH STATEMENT EXECUTE FUNCTION skald_refuse_change();

-- The service runs as skald_app: it may read and append, nothing else.
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'skald_app') THEN
        CREATE ROLE skald_app NOLOGIN;
    END IF;
END
$$;
REVOKE ALL ON events, commands, dice_seeds, api_tokens FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO skald_app;
GRANT SELECT, INSERT ON events, commands, dice_seeds, api_tokens TO skald_app;
