CREATE TABLE "live_stream_leases" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"node_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_stream_leases" ADD CONSTRAINT "live_stream_leases_channel_id_session_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."session_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_stream_leases_expires" ON "live_stream_leases" USING btree ("expires_at");