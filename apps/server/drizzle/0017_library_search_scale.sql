-- Search and title filter at scale (hand-written part: drizzle-kit does not model functions or extensions).
-- pg_trgm ships with PostgreSQL's contrib modules and with PGlite (loaded by db/client.ts); it is a
-- trusted extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Title (A) and description (B) as palabre_search_vector weighs them, without the transcript.
CREATE OR REPLACE FUNCTION palabre_title_vector(lang text, title text, description text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT
  setweight(to_tsvector(palabre_ts_config(lang), palabre_fold(coalesce(title, ''))), 'A') ||
  setweight(to_tsvector(palabre_ts_config(lang), palabre_fold(coalesce(description, ''))), 'B') $$;--> statement-breakpoint
DROP INDEX "conversations_organization_idx";--> statement-breakpoint
DROP INDEX "conversations_organization_name_idx";--> statement-breakpoint
DROP INDEX "conversations_organization_created_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "title_search" "tsvector" GENERATED ALWAYS AS (palabre_title_vector(coalesce("language", "requested_language"), "name", "description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_title_search_idx" ON "conversations" USING gin ("title_search");--> statement-breakpoint
CREATE INDEX "conversations_name_folded_trgm_idx" ON "conversations" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "conversations_organization_idx" ON "conversations" USING btree ("organization_id","updated_at","id","parent_id","owner_id","members_right");--> statement-breakpoint
CREATE INDEX "conversations_organization_name_idx" ON "conversations" USING btree ("organization_id","name","id","parent_id","owner_id","members_right");--> statement-breakpoint
CREATE INDEX "conversations_organization_created_idx" ON "conversations" USING btree ("organization_id","created_at","id","parent_id","owner_id","members_right");