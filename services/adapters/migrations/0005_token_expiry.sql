-- Tokens expire and can be revoked. Each token gets a public id (shown by 'skald token list'
-- and used by 'skald token revoke --id'); tokens made before this migration keep no expiry.
ALTER TABLE api_tokens
    ADD COLUMN token_id   text,
    ADD COLUMN expires_at timestamptz,
    ADD COLUMN revoked_at timestamptz;

UPDATE api_tokens SET token_id = 'tok_' || left(token_sha256, 12);
ALTER TABLE api_tokens ALTER COLUMN token_id SET NOT NULL;
CREATE UNIQUE INDEX api_tokens_token_id ON api_tokens (token_id);
CREATE INDEX api_tokens_user ON api_tokens (user_name);
