ALTER TABLE `jobs` ADD `leaseExpiresAt` integer;--> statement-breakpoint
ALTER TABLE `jobs` ADD `messageSentAt` integer;--> statement-breakpoint
ALTER TABLE `jobs` ADD `resends` integer DEFAULT 0 NOT NULL;