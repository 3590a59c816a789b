-- What the import of the original app's MongoDB export needs (npm run import:legacy,
-- server/modules/legacy/, docs/decisions/0042-legacy-import.md).

-- The original stored each tribute's author name as typed ("autor", default 'Anônimo') beside the
-- optional account. Kept here so a tribute whose account is not in the export (or never existed)
-- still shows the name the family wrote instead of "Anônimo". NULL for tributes made in Memorial:
-- their author is always the account.
ALTER TABLE comentarios ADD COLUMN autor_nome text CHECK (char_length(autor_nome) <= 120);

-- Which original photo file became which stored image, per owner (a record or an account), so
-- running the import again reuses what it stored instead of re-encoding every photo under a new
-- random name (and leaving the old files behind). Only the import reads and writes it.
CREATE TABLE legacy_imagens (
  kind text NOT NULL CHECK (kind IN ('sepultados', 'users')),
  owner_id text NOT NULL CHECK (owner_id ~ '^[0-9a-f]{24}$'),
  nome text NOT NULL CHECK (char_length(nome) BETWEEN 1 AND 255),
  file text NOT NULL CHECK (file ~ '^[0-9a-f]{32}\.webp$'),
  thumb text NOT NULL CHECK (thumb ~ '^[0-9a-f]{32}-t\.webp$'),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  PRIMARY KEY (kind, owner_id, nome)
);
