CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `users` ADD `subscriptionStatus` text;--> statement-breakpoint
ALTER TABLE `users` ADD `subscriptionCancelAt` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `subscriptionPeriodEnd` integer;