-- Distribute Skald's tables on Citus, after `skald migrate` has created them on the coordinator.
-- Every table of a campaign is distributed by campaign_id and colocated with events, so a
-- campaign's append (one call of skald_append) runs on the one worker that holds the campaign.
-- Checked against Citus's rules by tests/integration/test_citus_rules.py; NOT run on a Citus
-- cluster by this repository (no Citus build was available where it was developed).
-- The append-only triggers must run on the shards: Citus distributes tables with triggers only so.
SET citus.enable_unsafe_triggers TO on;
SELECT create_distributed_table('events', 'campaign_id');
SELECT create_distributed_table('commands', 'campaign_id', colocate_with => 'events');
SELECT create_distributed_table('dice_seeds', 'campaign_id', colocate_with => 'events');
SELECT create_distributed_table('campaign_heads', 'campaign_id', colocate_with => 'events');
SELECT create_distributed_table('stream_snapshots', 'campaign_id', colocate_with => 'events');
-- Small tables every node reads: tokens, projector leases and workers, the migration record.
SELECT create_reference_table('api_tokens');
SELECT create_reference_table('projector_leases');
SELECT create_reference_table('projector_workers');
SELECT create_reference_table('schema_migrations');
-- The append is delegated to the worker holding its campaign (its first argument).
SELECT create_distributed_function(
    'skald_append(text, text, text, text, text, text[], int[], text[], text[], smallint[],'
    ' text[], text[], int, bytea, text)', 'p_campaign', colocate_with => 'events');
