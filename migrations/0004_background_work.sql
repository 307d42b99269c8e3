CREATE TABLE `request_reminders` (
	`userId` text NOT NULL,
	`requestId` text NOT NULL,
	`processedAt` integer NOT NULL,
	`round` integer NOT NULL,
	`jobId` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`userId`, `requestId`, `processedAt`, `round`),
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `request_reminders_job_idx` ON `request_reminders` (`jobId`);--> statement-breakpoint
CREATE TABLE `sent_emails` (
	`jobId` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`messageId` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sent_emails_updated_idx` ON `sent_emails` (`updatedAt`);--> statement-breakpoint
ALTER TABLE `requests` ADD `replyToken` text;--> statement-breakpoint
CREATE UNIQUE INDEX `requests_replyToken_unique` ON `requests` (`replyToken`);--> statement-breakpoint
ALTER TABLE `users` ADD `reminderEmails` integer DEFAULT true NOT NULL;