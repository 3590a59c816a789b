-- Public burial search: the normalized forms of name, street and grave location,
-- kept by the database itself (generated columns, so no write path can forget them), and the
-- indexes that let every search term be answered without reading the whole table.
--
-- These functions are the SQL twin of src/domain/search-text.ts (foldText, splitWords,
-- normalizeVariants, nameWords, locationKeys); tests/api/search-parity.test.ts checks that both
-- give the same result on both engines. Change both, or neither.

-- Words of a text: folded (fold_text from 0001), apostrophes joining, anything else but a-z
-- and 0-9 separating. º/ª are mapped first because unaccent's rules for them differ between
-- PostgreSQL versions.
CREATE OR REPLACE FUNCTION search_words(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(regexp_replace(
    public.fold_text(translate($1, 'ºª', 'oa')), '[''‘’`´]', '', 'g'), '[^a-z0-9]+', ' ', 'g')) $$;

-- pt-BR spelling variants made equal (see normalizeVariants for the why of each step).
CREATE OR REPLACE FUNCTION search_variants(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(regexp_replace(replace(translate(
    replace(replace(replace(replace(
      replace(replace(replace(replace($1, 'ph', 'f'), 'ch', 'C'), 'lh', 'L'), 'nh', 'N'),
      'h', ''), 'C', 'ch'), 'L', 'lh'), 'N', 'nh'),
    'ywkz', 'ivcs'), 'ae', 'ai'), 'c(?=[ei])', 's', 'g'), '([a-z])\1+', '\1', 'g') $$;

-- A name (or street) as its searchable words between single spaces, particles dropped, padded
-- with a space on each side so that LIKE '% word%' means "a word starts with".
CREATE OR REPLACE FUNCTION search_norm(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT ' ' || public.search_variants(btrim(regexp_replace(
    ' ' || public.search_words($1) || ' ', ' (da|de|do|das|dos|e)(?= )', '', 'g'))) || ' ' $$;

-- Keys of one location field: '<f>=<n>' whole number without leading zeros, '<f>~<part>' every
-- part of ≥ 2 digits (numbers of ≤ 9 digits), and for quadra/chapa '<f>=<word>' for words.
-- PL/pgSQL loops: a set-based SQL version cost ~10× more per row, and this runs on every write.
-- Keys may repeat ("1111" → 11 three times); GIN stores each once.
CREATE OR REPLACE FUNCTION search_field_keys(f text, v text, words boolean) RETURNS text[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
DECLARE
  t text;
  n text;
  keys text[] := '{}';
BEGIN
  IF v IS NULL THEN
    RETURN keys;
  END IF;
  FOREACH t IN ARRAY string_to_array(public.search_words(v), ' ') LOOP
    CONTINUE WHEN t = '';
    IF t ~ '^[0-9]+$' THEN
      n := coalesce(nullif(ltrim(t, '0'), ''), '0');
      keys := keys || (f || '=' || n);
      IF length(n) <= 9 THEN
        FOR i IN 1 .. length(n) - 1 LOOP
          FOR l IN 2 .. length(n) - i + 1 LOOP
            keys := keys || (f || '~' || substr(n, i, l));
          END LOOP;
        END LOOP;
      END IF;
    ELSIF words THEN
      keys := keys || (f || '=' || public.search_variants(t));
    END IF;
  END LOOP;
  RETURN keys;
END $$;

CREATE OR REPLACE FUNCTION search_keys(quadra text, chapa text, rua text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.search_field_keys('q', quadra, true)
    || public.search_field_keys('p', chapa, true)
    || public.search_field_keys('r', rua, false) $$;

-- search_name/search_rua: the words ranking compares; search_doc: name, street, quadra and
-- plate words together, so that every word of a query is one LIKE on one trigram index (the
-- index then ANDs all the words itself instead of OR-ing three indexes per word).
ALTER TABLE sepultados
  ADD COLUMN search_name text GENERATED ALWAYS AS (search_norm(nome)) STORED,
  ADD COLUMN search_rua text GENERATED ALWAYS AS (search_norm(coalesce(rua, ''))) STORED,
  ADD COLUMN search_doc text GENERATED ALWAYS AS
    (search_norm(nome || ' ' || coalesce(rua, '') || ' ' || quadra || ' ' || chapa)) STORED,
  ADD COLUMN search_keys text[] GENERATED ALWAYS AS (search_keys(quadra, chapa, rua)) STORED;

-- Partial indexes: tombstones are never searched, so they cost no index space or time.
-- fastupdate off: PGlite has no autovacuum to merge a GIN pending list, and an unmerged list
-- is read in full by every search; the register takes few writes, so direct updates are cheap.
--
-- One GIN over the words (trigrams: LIKE '%part%', LIKE '% start%') and the location keys
-- (whole and partial numbers of quadra, plate and street): a query's words and numbers are all
-- conditions of this one index, which intersects them itself ("Lima quadra 38": 44 heap rows
-- read instead of the 1,937 Limas). Two separate indexes were not combined by the planner.
CREATE INDEX sepultados_search_gin ON sepultados
  USING gin (search_doc gin_trgm_ops, search_keys)
  WITH (fastupdate = off) WHERE deleted_at IS NULL;
-- The typo operator <<% (strict word similarity) on the name alone.
CREATE INDEX sepultados_search_name_trgm ON sepultados USING gin (search_name gin_trgm_ops)
  WITH (fastupdate = off) WHERE deleted_at IS NULL;
