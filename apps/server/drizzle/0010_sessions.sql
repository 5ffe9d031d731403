CREATE TABLE "session_aliases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"transcriber_profile_id" uuid,
	"languages" jsonb NOT NULL,
	"translations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"diarization" boolean DEFAULT false NOT NULL,
	"stream_status" text DEFAULT 'inactive' NOT NULL,
	"transcriber_status" text DEFAULT 'idle' NOT NULL,
	"stream_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"owner_id" uuid,
	"name" text NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"owner_id" uuid,
	"template_id" uuid,
	"name" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"visibility" text DEFAULT 'internal' NOT NULL,
	"anonymous_access" boolean DEFAULT false NOT NULL,
	"diarization" boolean DEFAULT false NOT NULL,
	"keep_audio" boolean DEFAULT true NOT NULL,
	"live_transcription" boolean DEFAULT true NOT NULL,
	"auto_start" boolean DEFAULT false NOT NULL,
	"auto_end" boolean DEFAULT false NOT NULL,
	"schedule_on" timestamp with time zone,
	"end_on" timestamp with time zone,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"metadata" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"watermark" jsonb NOT NULL,
	"save_as" text,
	"saved_conversation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transcriber_profiles" ADD COLUMN "translations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "session_aliases" ADD CONSTRAINT "session_aliases_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_aliases" ADD CONSTRAINT "session_aliases_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_channels" ADD CONSTRAINT "session_channels_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_channels" ADD CONSTRAINT "session_channels_transcriber_profile_id_transcriber_profiles_id_fk" FOREIGN KEY ("transcriber_profile_id") REFERENCES "public"."transcriber_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_templates" ADD CONSTRAINT "session_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_templates" ADD CONSTRAINT "session_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_template_id_session_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."session_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_saved_conversation_id_conversations_id_fk" FOREIGN KEY ("saved_conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_aliases_name_key" ON "session_aliases" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "session_aliases_session_idx" ON "session_aliases" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "session_channels_position_key" ON "session_channels" USING btree ("session_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "session_channels_stream_key" ON "session_channels" USING btree ("stream_key");--> statement-breakpoint
CREATE INDEX "session_templates_organization_idx" ON "session_templates" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "sessions_organization_status_idx" ON "sessions" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "sessions_organization_schedule_idx" ON "sessions" USING btree ("organization_id","schedule_on");--> statement-breakpoint
CREATE INDEX "sessions_organization_created_idx" ON "sessions" USING btree ("organization_id","created_at");