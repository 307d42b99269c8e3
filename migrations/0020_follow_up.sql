-- The follow-up ladder (decision 0058): on a request, the step it reached, what holds it, the first
-- request as the second cites it, the law and signed permission of a legal request, a charity's
-- choices; the person's permission to act as their agent (decision 0059); and what each sender
-- really does, recomputed daily (decision 0060).
CREATE TABLE `agent_permissions` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`typedName` text NOT NULL,
	`allows` text NOT NULL,
	`signedAt` integer NOT NULL,
	`revokedAt` integer,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agent_permissions_in_force_idx` ON `agent_permissions` (`userId`) WHERE "revokedAt" IS NULL;--> statement-breakpoint
CREATE INDEX `agent_permissions_user_idx` ON `agent_permissions` (`userId`,`signedAt`);--> statement-breakpoint
CREATE TABLE `sender_outcomes` (
	`templateId` text PRIMARY KEY NOT NULL,
	`cases` integer NOT NULL,
	`stopped` integer NOT NULL,
	`medianDays` integer,
	`p90Days` integer,
	`computedAt` integer NOT NULL,
	FOREIGN KEY (`templateId`) REFERENCES `request_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `requests` ADD `followUpStep` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `requests` ADD `followUpAt` integer;--> statement-breakpoint
ALTER TABLE `requests` ADD `followUpHold` text;--> statement-breakpoint
ALTER TABLE `requests` ADD `firstRequestCitation` text;--> statement-breakpoint
ALTER TABLE `requests` ADD `legalLawId` text;--> statement-breakpoint
ALTER TABLE `requests` ADD `agentPermissionId` text;--> statement-breakpoint
ALTER TABLE `requests` ADD `charityDonor` integer;--> statement-breakpoint
ALTER TABLE `requests` ADD `charityMailingsPerYear` integer;--> statement-breakpoint
CREATE INDEX `requests_still_coming_idx` ON `requests` (`stillComingAt`) WHERE "stillComingAt" IS NOT NULL;