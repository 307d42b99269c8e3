-- Letters mailed through Lob (decision 0052): each mailing with its cost, expected delivery and
-- latest tracking event; Lob's webhook events already handled; and why a letter went to staff.
CREATE TABLE `lob_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `mailed_letters` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`requestId` text NOT NULL,
	`costCents` integer NOT NULL,
	`expectedDeliveryDate` text,
	`trackingState` text DEFAULT 'created' NOT NULL,
	`trackingAt` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mailed_letters_request_idx` ON `mailed_letters` (`userId`,`requestId`,`createdAt`);--> statement-breakpoint
ALTER TABLE `requests` ADD `letterProblem` text;--> statement-breakpoint
CREATE INDEX `jobs_pending_letter_idx` ON `jobs` (json_extract("payload", '$.requestId'), `userId`) WHERE "type" = 'optOut.letter' AND "state" IN ('queued', 'running', 'retrying');