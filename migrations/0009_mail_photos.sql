CREATE TABLE `mail_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`state` text DEFAULT 'reading' NOT NULL,
	`imageCount` integer NOT NULL,
	`imageKeys` text DEFAULT '[]' NOT NULL,
	`transcript` text,
	`suggestions` text DEFAULT '[]' NOT NULL,
	`customerNumber` text,
	`addressee` text,
	`readProblem` text,
	`templateId` text,
	`senderName` text,
	`requestId` text,
	`identifiedBy` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`readAt` integer,
	`imagesDeletedAt` integer,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`templateId`) REFERENCES `request_templates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `mail_photos_user_idx` ON `mail_photos` (`userId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `mail_photos_state_idx` ON `mail_photos` (`state`,`createdAt`);