CREATE TABLE "subtitle_burns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subtitle_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"error" text,
	"storage_key" text,
	"screens_srt" text NOT NULL,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subtitle_documents" (
	"subtitle_id" uuid PRIMARY KEY NOT NULL,
	"state" "bytea" NOT NULL,
	"folded_update_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subtitle_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subtitle_id" uuid NOT NULL,
	"update" "bytea" NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subtitle_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"transcript_fingerprint" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"screen_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subtitle_burns" ADD CONSTRAINT "subtitle_burns_subtitle_id_subtitle_versions_id_fk" FOREIGN KEY ("subtitle_id") REFERENCES "public"."subtitle_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtitle_burns" ADD CONSTRAINT "subtitle_burns_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtitle_burns" ADD CONSTRAINT "subtitle_burns_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtitle_documents" ADD CONSTRAINT "subtitle_documents_subtitle_id_subtitle_versions_id_fk" FOREIGN KEY ("subtitle_id") REFERENCES "public"."subtitle_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtitle_updates" ADD CONSTRAINT "subtitle_updates_subtitle_id_subtitle_versions_id_fk" FOREIGN KEY ("subtitle_id") REFERENCES "public"."subtitle_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtitle_updates" ADD CONSTRAINT "subtitle_updates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtitle_versions" ADD CONSTRAINT "subtitle_versions_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtitle_versions" ADD CONSTRAINT "subtitle_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subtitle_burns_subtitle_idx" ON "subtitle_burns" USING btree ("subtitle_id","created_at");--> statement-breakpoint
CREATE INDEX "subtitle_burns_conversation_idx" ON "subtitle_burns" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "subtitle_updates_subtitle_idx" ON "subtitle_updates" USING btree ("subtitle_id","id");--> statement-breakpoint
CREATE INDEX "subtitle_versions_conversation_idx" ON "subtitle_versions" USING btree ("conversation_id","created_at");