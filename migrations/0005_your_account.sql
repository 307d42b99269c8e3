CREATE TABLE `deleted_accounts` (
	`userId` text PRIMARY KEY NOT NULL,
	`deletedAt` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `earlier_addresses` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`street1` text NOT NULL,
	`street2` text,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`zipCode` text NOT NULL,
	`movedAt` integer NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `earlier_addresses_user_idx` ON `earlier_addresses` (`userId`,`movedAt`);--> statement-breakpoint
CREATE TABLE `email_changes` (
	`tokenHash` text PRIMARY KEY NOT NULL,
	`userId` text NOT NULL,
	`newEmail` text NOT NULL,
	`expiresAt` integer NOT NULL,
	`usedAt` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_changes_user_idx` ON `email_changes` (`userId`);--> statement-breakpoint
-- The audit trail stays append-only, with one exception: when an account is deleted, the reason and
-- details of entries about it (they may quote its name or address) are replaced by a fixed marker.
-- Nothing else of any entry can ever change (decision 0023).
DROP TRIGGER `staff_audit_no_update`;
--> statement-breakpoint
CREATE TRIGGER `staff_audit_no_update` BEFORE UPDATE ON `staff_audit`
WHEN NOT (
  NEW.`id` = OLD.`id` AND NEW.`actorId` = OLD.`actorId` AND NEW.`actorRole` = OLD.`actorRole` AND NEW.`action` = OLD.`action`
  AND NEW.`targetType` = OLD.`targetType` AND NEW.`targetId` = OLD.`targetId` AND NEW.`createdAt` = OLD.`createdAt`
  AND NEW.`reason` IS NULL AND NEW.`details` = '{"erased":"account deleted"}'
)
BEGIN SELECT RAISE(ABORT, 'the staff audit trail is append-only'); END;
