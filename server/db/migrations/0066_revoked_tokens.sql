-- "Sair" ends the session on the server too: the token's id (its jti claim, random, no personal
-- data) is refused by every instance until the token would have expired anyway. Rows past
-- expires_at mean nothing and are deleted by the next logout. Not audited: a logout is the
-- person's own act and carries nothing the office reads (logins are not audited either).
CREATE TABLE revoked_tokens (
  jti text PRIMARY KEY CHECK (char_length(jti) <= 64),
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_tokens_expires_at ON revoked_tokens (expires_at);
