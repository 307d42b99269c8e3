CREATE TABLE `sender_names` (
	`templateId` text NOT NULL,
	`key` text NOT NULL,
	`keyTail` text NOT NULL,
	`name` text NOT NULL,
	`origin` text NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`templateId`, `key`),
	FOREIGN KEY (`templateId`) REFERENCES `request_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sender_names_key_idx` ON `sender_names` (`key`);--> statement-breakpoint
CREATE INDEX `sender_names_key_tail_idx` ON `sender_names` (`keyTail`);--> statement-breakpoint
ALTER TABLE `request_templates` ADD `sourceUrl` text;--> statement-breakpoint
CREATE INDEX `requests_unlinked_custom_idx` ON `requests` (`senderName`) WHERE "templateId" IS NULL AND "type" = 'custom';