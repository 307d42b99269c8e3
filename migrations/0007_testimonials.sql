CREATE TABLE `testimonials` (
	`id` text PRIMARY KEY NOT NULL,
	`quote` text NOT NULL,
	`displayName` text NOT NULL,
	`city` text NOT NULL,
	`consentDate` text,
	`consentMethod` text,
	`isPublished` integer DEFAULT false NOT NULL,
	`publishedAt` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `testimonials_published_idx` ON `testimonials` (`isPublished`,`publishedAt`);