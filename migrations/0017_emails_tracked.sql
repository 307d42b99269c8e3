-- Emails to senders tracked (decision 0053): each email of a request by Postmark's MessageID, with
-- what Postmark's webhooks said of it; the events already handled; and why a request's email came
-- back. A bounced address is a channel problem of the sender (migration 0018).
CREATE TABLE `postmark_events` (
	`id` text PRIMARY KEY NOT NULL,
	`recordType` text NOT NULL,
	`messageId` text NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `request_emails` (
	`messageId` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`requestId` text NOT NULL,
	`templateId` text,
	`toAddress` text NOT NULL,
	`outcome` text DEFAULT 'sent' NOT NULL,
	`outcomeAt` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`templateId`) REFERENCES `request_templates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `request_emails_request_idx` ON `request_emails` (`userId`,`requestId`,`createdAt`);--> statement-breakpoint
ALTER TABLE `requests` ADD `emailProblem` text;