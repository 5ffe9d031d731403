CREATE TABLE "transcriber_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"languages" jsonb NOT NULL,
	"quick_meeting" boolean DEFAULT false NOT NULL,
	"diarization" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "source" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "progress" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "processing" jsonb DEFAULT '{"steps":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "requested_language" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "acoustic" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "model_quality" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "transcriber_profile_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "transcription_config" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "members_right" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "duration" real;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "channels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "files" jsonb DEFAULT '{"originals":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "transcript" jsonb;--> statement-breakpoint
ALTER TABLE "transcriber_profiles" ADD CONSTRAINT "transcriber_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcriber_profiles_organization_idx" ON "transcriber_profiles" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_transcriber_profile_id_transcriber_profiles_id_fk" FOREIGN KEY ("transcriber_profile_id") REFERENCES "public"."transcriber_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_parent_idx" ON "conversations" USING btree ("parent_id");