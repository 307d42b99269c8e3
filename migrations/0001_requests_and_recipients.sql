ALTER TABLE `recipients` ADD `street1` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `recipients` ADD `street2` text;--> statement-breakpoint
ALTER TABLE `recipients` ADD `city` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `recipients` ADD `state` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `recipients` ADD `zipCode` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `requests` ADD `recipientIds` text;--> statement-breakpoint
ALTER TABLE `requests` ADD `queuedAt` integer;