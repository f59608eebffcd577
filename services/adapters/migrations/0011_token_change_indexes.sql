-- The periodic token checks (services/adapters/token_checks.py) ask for the tokens revoked or
-- expired since their previous check, instead of checking every token a process holds each
-- time: these two indexes find those few rows however many tokens there are.
CREATE INDEX api_tokens_revoked_at ON api_tokens (revoked_at) WHERE revoked_at IS NOT NULL;
CREATE INDEX api_tokens_expires_at ON api_tokens (expires_at) WHERE expires_at IS NOT NULL;
