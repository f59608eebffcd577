-- read_all pages by (transaction_id, campaign_id, position): this index serves that order, so
-- each page is an index range scan from the cursor instead of a scan and sort of the whole log.
CREATE INDEX events_transaction_campaign_position ON events (transaction_id, campaign_id, position);
DROP INDEX events_transaction_position;
