-- The mailbox watched (decision 0055): each account's private inbound address, forwarding
-- confirmations shown to their owner, what each address received per day, the pieces seen in the
-- mail, and on a request the key code beside the customer number and when its mail kept coming.
CREATE TABLE `mail_arrivals` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`entryId` text NOT NULL,
	`source` text NOT NULL,
	`state` text DEFAULT 'reading' NOT NULL,
	`arrivedOn` text NOT NULL,
	`imageKey` text,
	`printedSender` text,
	`templateId` text,
	`senderName` text,
	`requestId` text,
	`customerNumber` text,
	`keyCode` text,
	`residentMail` integer DEFAULT false NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`templateId`) REFERENCES `request_templates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_arrivals_entry_idx` ON `mail_arrivals` (`userId`,`entryId`);--> statement-breakpoint
CREATE INDEX `mail_arrivals_user_idx` ON `mail_arrivals` (`userId`,`arrivedOn`);--> statement-breakpoint
CREATE INDEX `mail_arrivals_request_idx` ON `mail_arrivals` (`userId`,`requestId`,`arrivedOn`);--> statement-breakpoint
CREATE INDEX `mail_arrivals_state_idx` ON `mail_arrivals` (`state`,`createdAt`);--> statement-breakpoint
CREATE TABLE `mailbox_addresses` (
	`userId` text PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mailbox_addresses_token_unique` ON `mailbox_addresses` (`token`);--> statement-breakpoint
CREATE TABLE `mailbox_confirmations` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`fromAddress` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`receivedAt` integer NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mailbox_confirmations_user_idx` ON `mailbox_confirmations` (`userId`,`receivedAt`);--> statement-breakpoint
CREATE TABLE `mailbox_days` (
	`userId` text NOT NULL,
	`day` text NOT NULL,
	`taken` integer DEFAULT 0 NOT NULL,
	`dropped` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`userId`, `day`),
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `mail_photos` ADD `source` text DEFAULT 'site' NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_photos` ADD `keyCode` text;--> statement-breakpoint
ALTER TABLE `requests` ADD `keyCode` text;--> statement-breakpoint
ALTER TABLE `requests` ADD `stillComingAt` integer;