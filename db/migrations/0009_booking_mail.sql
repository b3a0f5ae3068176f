ALTER TABLE "consultation_bookings" ADD COLUMN "video_room" text;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "ics_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD COLUMN "reminder_queued_at" timestamp with time zone;