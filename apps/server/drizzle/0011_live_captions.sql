CREATE TABLE "session_captions" (
	"session_id" uuid NOT NULL,
	"channel_index" integer NOT NULL,
	"segment_id" integer NOT NULL,
	"text" text NOT NULL,
	"start" double precision NOT NULL,
	"end" double precision NOT NULL,
	"language" text NOT NULL,
	"words" jsonb NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_captions_session_id_channel_index_segment_id_pk" PRIMARY KEY("session_id","channel_index","segment_id")
);
--> statement-breakpoint
ALTER TABLE "session_captions" ADD CONSTRAINT "session_captions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;