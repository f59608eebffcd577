-- Snapshots of folded stream state, so a process with nothing cached does not fold a long stream
-- from its first event. A snapshot is a cache, never the record: the events stay the truth, a
-- snapshot can be dropped at any time, and one written by an older fold (fold_version) is
-- ignored. `retconned` is the campaign's retcon list the state was folded under (a character's
-- fold skips those positions), so a later retcon makes the snapshot unusable.
CREATE TABLE stream_snapshots (
    campaign_id text NOT NULL,
    stream_id text NOT NULL,
    fold_version int NOT NULL,
    stream_version int NOT NULL,
    retconned bigint[] NOT NULL,
    state jsonb NOT NULL,
    written_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (campaign_id, stream_id)
);
GRANT SELECT, INSERT, UPDATE, DELETE ON stream_snapshots TO skald_app;
