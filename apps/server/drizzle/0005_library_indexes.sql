-- Listing and search at scale: a faster palabre_fold (hand-written: drizzle-kit does not model
-- functions), the folded title stored for the title filter, and indexes for the sorts and counts.
-- palabre_fold, faster and with the same results (custom migration: drizzle-kit does not model functions).
-- translate() with the long list of 0002 scans that whole list for every character of the input,
-- which made folding (and so indexing) a transcript cost milliseconds. Now: ASCII text is only
-- lowered; text of Latin-1, Latin Extended-A and general punctuation characters (except İ) is
-- decomposed (NFD), its combining accents removed, and the few letters without a decomposition
-- translated; anything else (or a database not in UTF8) goes through the list of 0002 as before.
-- The result is the same character for character, so stored search documents stay valid.
CREATE OR REPLACE FUNCTION palabre_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT CASE
  WHEN input !~ '[^\x01-\x7f]' THEN lower(input)
  WHEN input !~ '[^\x01-\u012f\u0131-\u017f\u2010-\u206f]' AND getdatabaseencoding() = 'UTF8' THEN
    lower(replace(replace(replace(replace(replace(translate(
      regexp_replace(normalize(input, NFD), '[\u0300-\u036f]', '', 'g'),
      'đĐħĦıŀĿłŁøØŧŦ', 'ddhhilllloott'),
      'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'ß', 'ss'))
  ELSE lower(replace(replace(replace(replace(replace(translate(input,
  'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżžÀÁÂÃÄÅĀĂĄÇĆĈĊČĎĐÈÉÊËĒĔĖĘĚĜĞĠĢĤĦÌÍÎÏĨĪĬĮĴĶĹĻĽĿŁÑŃŅŇÒÓÔÕÖØŌŎŐŔŖŘŚŜŞŠŢŤŦÙÚÛÜŨŪŬŮŰŲŴÝŸŶŹŻŽ',
  'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzzaaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz'),
  'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'ß', 'ss')) END $$;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (palabre_fold("name")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_organization_name_idx" ON "conversations" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "conversations_organization_created_idx" ON "conversations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "conversations_organization_rights_idx" ON "conversations" USING btree ("organization_id","parent_id","owner_id","members_right","id");