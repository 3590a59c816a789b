-- Accounts: e-mail verification, password reset and e-mail change.

-- A changed e-mail waits here until the new address is verified; the old one stays the login
-- (and the reset address) meanwhile, so a typo or a stolen session cannot lock the person out.
ALTER TABLE users ADD COLUMN pending_email text CHECK (pending_email = lower(pending_email));

-- One-use links sent by e-mail. Only the SHA-256 of the random token is stored, so a leaked
-- database (or backup) holds no usable link. `email` is the address the link was sent to: a
-- link only works together with that address, and stops working once the account moves on.
CREATE TABLE account_tokens (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  token_hash text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  email text NOT NULL CHECK (email = lower(email)),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX account_tokens_hash_key ON account_tokens (token_hash);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);

-- Admin user search: accent- and case-insensitive substring match on name and e-mail.
CREATE INDEX users_name_fold_trgm ON users USING gin (fold_text(name) gin_trgm_ops);
CREATE INDEX users_email_fold_trgm ON users USING gin (fold_text(email) gin_trgm_ops);
