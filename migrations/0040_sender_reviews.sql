CREATE TABLE `sender_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`templateId` text NOT NULL,
	`openedAt` integer NOT NULL,
	`answeredAt` integer,
	`answer` text,
	`answeredBy` text,
	`answerId` text,
	`finding` text,
	FOREIGN KEY (`templateId`) REFERENCES `request_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sender_reviews_open_idx` ON `sender_reviews` (`templateId`) WHERE "answeredAt" IS NULL;--> statement-breakpoint
CREATE INDEX `sender_reviews_answered_idx` ON `sender_reviews` (`templateId`,`answeredAt`);--> statement-breakpoint
ALTER TABLE `requests` ADD `senderReviewId` text;--> statement-breakpoint
CREATE INDEX `requests_sender_review_idx` ON `requests` (`senderReviewId`) WHERE "senderReviewId" IS NOT NULL;