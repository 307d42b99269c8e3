CREATE TABLE `staff_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actorId` text NOT NULL,
	`actorRole` text NOT NULL,
	`action` text NOT NULL,
	`targetType` text NOT NULL,
	`targetId` text NOT NULL,
	`reason` text,
	`details` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `staff_audit_created_idx` ON `staff_audit` (`createdAt`);--> statement-breakpoint
CREATE INDEX `staff_audit_target_idx` ON `staff_audit` (`targetType`,`targetId`);--> statement-breakpoint
CREATE INDEX `staff_audit_actor_idx` ON `staff_audit` (`actorId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `jobs_user_idx` ON `jobs` (`userId`,`createdAt`);--> statement-breakpoint
CREATE INDEX `requests_work_queue_idx` ON `requests` (`status`,`processedAt`,`queuedAt`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`createdAt`);--> statement-breakpoint
CREATE TRIGGER `staff_audit_no_update` BEFORE UPDATE ON `staff_audit` BEGIN SELECT RAISE(ABORT, 'the staff audit trail is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `staff_audit_no_delete` BEFORE DELETE ON `staff_audit` BEGIN SELECT RAISE(ABORT, 'the staff audit trail is append-only'); END;
