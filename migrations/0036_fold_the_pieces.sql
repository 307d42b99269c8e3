-- The pieces seen in a person's mail, folded into one record per person (decision 0084). The
-- pieces read before this migration are folded by the daily mailbox sweep (every read piece not yet
-- folded is), and their rows then kept only while a digest delivered again could repeat them.
CREATE TABLE `mail_tallies` (
	`userId` text PRIMARY KEY NOT NULL,
	`tally` text NOT NULL,
	`seenOn` text,
	`version` integer DEFAULT 0 NOT NULL,
	`foldedBy` text NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `mail_arrivals_user_idx`;--> statement-breakpoint
DROP INDEX `mail_arrivals_request_idx`;--> statement-breakpoint
ALTER TABLE `mail_arrivals` ADD `folded` integer DEFAULT false NOT NULL;