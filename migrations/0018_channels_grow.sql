-- Channels grow (decision 0054): a sender's channel that stopped working, the postal addresses its
-- mail was seen coming from for staff to confirm, and a sender's requests still waiting for staff.
CREATE TABLE `postal_channel_proposals` (
	`id` text PRIMARY KEY NOT NULL,
	`templateId` text NOT NULL,
	`address` text NOT NULL,
	`normalizedAddress` text NOT NULL,
	`sourcePhotoId` text,
	`timesSeen` integer DEFAULT 1 NOT NULL,
	`state` text DEFAULT 'proposed' NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`templateId`) REFERENCES `request_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `postal_channel_proposals_address_idx` ON `postal_channel_proposals` (`templateId`,`normalizedAddress`);--> statement-breakpoint
CREATE TABLE `sender_channel_problems` (
	`templateId` text NOT NULL,
	`kind` text NOT NULL,
	`reason` text NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`templateId`, `kind`),
	FOREIGN KEY (`templateId`) REFERENCES `request_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mailed_letters_created_idx` ON `mailed_letters` (`createdAt`,`costCents`);--> statement-breakpoint
CREATE INDEX `requests_waiting_sender_idx` ON `requests` (`templateId`,`queuedAt`) WHERE "status" = 'inQueue' AND "processedAt" IS NULL;