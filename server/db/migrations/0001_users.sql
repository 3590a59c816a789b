-- Search support for later work (accent- and typo-tolerant pt-BR search), enabled from the start
-- so the engine never has to change.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- IMMUTABLE wrapper so unaccent(lower(x)) can be indexed (unaccent itself is only STABLE).
CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

CREATE OR REPLACE FUNCTION fold_text(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.immutable_unaccent($1)) $$;

CREATE TABLE users (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  name text NOT NULL,
  email text NOT NULL CHECK (email = lower(email)),
  cpf text NOT NULL CHECK (cpf ~ '^[0-9]{11}$'),
  phone text NOT NULL CHECK (phone ~ '^[0-9]{10,11}$'),
  role text NOT NULL DEFAULT 'usuario' CHECK (role IN ('usuario', 'concessionario', 'admin')),
  image text,
  password_hash text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  -- Bumped on password reset, role change or deletion: tokens carrying an older value stop working.
  token_version integer NOT NULL DEFAULT 0,
  accepted_terms_at timestamptz,
  accepted_terms_version text,
  accepted_terms_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE UNIQUE INDEX users_cpf_key ON users (cpf);
CREATE INDEX users_role_idx ON users (role);
