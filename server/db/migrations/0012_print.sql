-- The print queue's version: bumped in the same transaction as every change that moves a ship-by
-- date (a job added, moved or failed; a printer or the calendar changed), so every instance knows
-- when its planned schedule and its cached pages are stale with one read of the settings row.
ALTER TABLE "settings" ADD COLUMN "print_queue_version" integer DEFAULT 0 NOT NULL;
