ALTER TABLE `requests` ADD `ownerPremium` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `requests` SET `ownerPremium` = 1 WHERE `userId` IN (SELECT `id` FROM `users` WHERE `plan` = 'premium' AND `stripeSubscriptionId` IS NOT NULL);--> statement-breakpoint
CREATE TRIGGER `requests_owner_premium_insert` AFTER INSERT ON `requests`
WHEN EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`userId` AND `plan` = 'premium' AND `stripeSubscriptionId` IS NOT NULL)
BEGIN UPDATE `requests` SET `ownerPremium` = 1 WHERE `userId` = NEW.`userId` AND `id` = NEW.`id`; END;
--> statement-breakpoint
CREATE TRIGGER `users_premium_update` AFTER UPDATE OF `plan`, `stripeSubscriptionId` ON `users`
WHEN (coalesce(OLD.`plan`, '') = 'premium' AND OLD.`stripeSubscriptionId` IS NOT NULL) <> (coalesce(NEW.`plan`, '') = 'premium' AND NEW.`stripeSubscriptionId` IS NOT NULL)
BEGIN UPDATE `requests` SET `ownerPremium` = (coalesce(NEW.`plan`, '') = 'premium' AND NEW.`stripeSubscriptionId` IS NOT NULL) WHERE `userId` = NEW.`id`; END;
--> statement-breakpoint
CREATE INDEX `requests_premium_queue_idx` ON `requests` (`ownerPremium`, `status`, `processedAt`, `queuedAt`) WHERE "ownerPremium" = 1 AND "status" = 'inQueue' AND "processedAt" IS NULL;--> statement-breakpoint
CREATE INDEX `jobs_pending_email_idx` ON `jobs` (json_extract("payload", '$.requestId'), `userId`) WHERE "type" = 'optOut.email' AND "state" IN ('queued', 'running', 'retrying');
