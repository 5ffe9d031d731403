-- Full-text search helpers (custom migration: drizzle-kit does not model functions).
-- Accents are folded with translate() so that no extension (unaccent) is needed on PGlite or PostgreSQL.
CREATE OR REPLACE FUNCTION palabre_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
-- translate() before lower(): under the C locale lower() leaves non-ASCII capitals alone.
AS $$ SELECT lower(replace(replace(replace(replace(replace(translate(input,
  'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżžÀÁÂÃÄÅĀĂĄÇĆĈĊČĎĐÈÉÊËĒĔĖĘĚĜĞĠĢĤĦÌÍÎÏĨĪĬĮĴĶĹĻĽĿŁÑŃŅŇÒÓÔÕÖØŌŎŐŔŖŘŚŜŞŠŢŤŦÙÚÛÜŨŪŬŮŰŲŴÝŸŶŹŻŽ',
  'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzzaaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz'),
  'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'ß', 'ss')) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION palabre_ts_config(lang text) RETURNS regconfig
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT CASE lower(left(coalesce(lang, ''), 2))
  WHEN 'en' THEN 'pg_catalog.english'::regconfig
  WHEN 'fr' THEN 'pg_catalog.french'::regconfig
  ELSE 'pg_catalog.simple'::regconfig END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION palabre_transcript_text(doc jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT coalesce(string_agg(turn->>'segment', ' '), '')
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc->'text') = 'array' THEN doc->'text' ELSE '[]'::jsonb END) AS turn $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION palabre_search_vector(lang text, title text, description text, transcript jsonb) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT
  setweight(to_tsvector(palabre_ts_config(lang), palabre_fold(coalesce(title, ''))), 'A') ||
  setweight(to_tsvector(palabre_ts_config(lang), palabre_fold(coalesce(description, ''))), 'B') ||
  setweight(to_tsvector(palabre_ts_config(lang), palabre_fold(palabre_transcript_text(transcript))), 'C') $$;
