-- The overview's "Sent with no staff touch, by week" (decision 0066), kept as running totals like
-- staff_counts (decision 0032) instead of counted from request_logs at every view, which took
-- seconds at 100,000 users. A sending line (emailed, mailed, filed) counts in the week (Monday, UTC)
-- it was written; it went with no staff touch when the system wrote it and no member of staff released
-- its request by giving its sender a channel ("requests.sentOnNewChannel" in the audit) up to 90 days
-- before it or at any time after. Triggers keep both, so every path that writes a line or an audit
-- entry counts, each change in one UPSERT, so that lines written at the same moment all count.
CREATE TABLE `staff_sent_weeks` (
	`week` text PRIMARY KEY NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`alone` integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- The requests staff released, one row per release, read by key when a line is counted.
CREATE TABLE `staff_released_requests` (
	`userId` text NOT NULL,
	`requestId` text NOT NULL,
	`releasedAt` integer NOT NULL,
	PRIMARY KEY(`userId`, `requestId`, `releasedAt`)
);--> statement-breakpoint
CREATE TRIGGER `request_logs_sent_weeks_insert` AFTER INSERT ON `request_logs` BEGIN INSERT INTO `staff_sent_weeks` (`week`, `sent`, `alone`) SELECT date(NEW.`createdAt` / 1000, 'unixepoch', '-6 days', 'weekday 1'), 1, (NEW.`creator` = 'system' AND NOT EXISTS (SELECT 1 FROM `staff_released_requests` s WHERE s.`userId` = NEW.`userId` AND s.`requestId` = NEW.`requestId` AND s.`releasedAt` >= NEW.`createdAt` - 7776000000)) WHERE NEW.`status` IN ('emailed', 'mailed', 'filed') ON CONFLICT (`week`) DO UPDATE SET `sent` = `sent` + excluded.`sent`, `alone` = `alone` + excluded.`alone`; END;
--> statement-breakpoint
CREATE TRIGGER `request_logs_sent_weeks_delete` AFTER DELETE ON `request_logs` BEGIN INSERT INTO `staff_sent_weeks` (`week`, `sent`, `alone`) SELECT date(OLD.`createdAt` / 1000, 'unixepoch', '-6 days', 'weekday 1'), -1, -(OLD.`creator` = 'system' AND NOT EXISTS (SELECT 1 FROM `staff_released_requests` s WHERE s.`userId` = OLD.`userId` AND s.`requestId` = OLD.`requestId` AND s.`releasedAt` >= OLD.`createdAt` - 7776000000)) WHERE OLD.`status` IN ('emailed', 'mailed', 'filed') ON CONFLICT (`week`) DO UPDATE SET `sent` = `sent` + excluded.`sent`, `alone` = `alone` + excluded.`alone`; END;
--> statement-breakpoint
CREATE TRIGGER `request_logs_sent_weeks_update` AFTER UPDATE OF `userId`, `requestId`, `creator`, `status`, `createdAt` ON `request_logs` BEGIN INSERT INTO `staff_sent_weeks` (`week`, `sent`, `alone`) SELECT date(OLD.`createdAt` / 1000, 'unixepoch', '-6 days', 'weekday 1'), -1, -(OLD.`creator` = 'system' AND NOT EXISTS (SELECT 1 FROM `staff_released_requests` s WHERE s.`userId` = OLD.`userId` AND s.`requestId` = OLD.`requestId` AND s.`releasedAt` >= OLD.`createdAt` - 7776000000)) WHERE OLD.`status` IN ('emailed', 'mailed', 'filed') ON CONFLICT (`week`) DO UPDATE SET `sent` = `sent` + excluded.`sent`, `alone` = `alone` + excluded.`alone`; INSERT INTO `staff_sent_weeks` (`week`, `sent`, `alone`) SELECT date(NEW.`createdAt` / 1000, 'unixepoch', '-6 days', 'weekday 1'), 1, (NEW.`creator` = 'system' AND NOT EXISTS (SELECT 1 FROM `staff_released_requests` s WHERE s.`userId` = NEW.`userId` AND s.`requestId` = NEW.`requestId` AND s.`releasedAt` >= NEW.`createdAt` - 7776000000)) WHERE NEW.`status` IN ('emailed', 'mailed', 'filed') ON CONFLICT (`week`) DO UPDATE SET `sent` = `sent` + excluded.`sent`, `alone` = `alone` + excluded.`alone`; END;
--> statement-breakpoint
-- A release: the system's sendings of its requests that counted as alone no longer do, then the release is kept.
CREATE TRIGGER `staff_audit_released_insert` AFTER INSERT ON `staff_audit` WHEN NEW.`action` = 'requests.sentOnNewChannel' AND json_valid(NEW.`details`) BEGIN INSERT INTO `staff_sent_weeks` (`week`, `sent`, `alone`) SELECT date(l.`createdAt` / 1000, 'unixepoch', '-6 days', 'weekday 1'), 0, -count(*) FROM (SELECT DISTINCT j.`value` AS `value` FROM json_each(NEW.`details`, '$.requests') j WHERE j.`type` = 'text' AND instr(j.`value`, ':') > 1) r JOIN `request_logs` l ON l.`userId` = substr(r.`value`, 1, instr(r.`value`, ':') - 1) AND l.`requestId` = substr(r.`value`, instr(r.`value`, ':') + 1) WHERE l.`status` IN ('emailed', 'mailed', 'filed') AND l.`creator` = 'system' AND l.`createdAt` <= NEW.`createdAt` + 7776000000 AND NOT EXISTS (SELECT 1 FROM `staff_released_requests` s WHERE s.`userId` = l.`userId` AND s.`requestId` = l.`requestId` AND s.`releasedAt` >= l.`createdAt` - 7776000000) GROUP BY 1 ON CONFLICT (`week`) DO UPDATE SET `alone` = `alone` + excluded.`alone`; INSERT OR IGNORE INTO `staff_released_requests` (`userId`, `requestId`, `releasedAt`) SELECT substr(r.`value`, 1, instr(r.`value`, ':') - 1), substr(r.`value`, instr(r.`value`, ':') + 1), NEW.`createdAt` FROM (SELECT DISTINCT j.`value` AS `value` FROM json_each(NEW.`details`, '$.requests') j WHERE j.`type` = 'text' AND instr(j.`value`, ':') > 1) r WHERE EXISTS (SELECT 1 FROM `users` u WHERE u.`id` = substr(r.`value`, 1, instr(r.`value`, ':') - 1)); END;
--> statement-breakpoint
-- A deleted account's releases go after its lines (SQLite runs the cascade before AFTER triggers), whose triggers read them.
CREATE TRIGGER `users_released_requests_delete` AFTER DELETE ON `users` BEGIN DELETE FROM `staff_released_requests` WHERE `userId` = OLD.`id`; END;
--> statement-breakpoint
-- Filled from the rows already there: the releases, then every week of sendings.
INSERT OR IGNORE INTO `staff_released_requests` (`userId`, `requestId`, `releasedAt`) SELECT substr(r.`value`, 1, instr(r.`value`, ':') - 1), substr(r.`value`, instr(r.`value`, ':') + 1), a.`createdAt` FROM `staff_audit` a, json_each(CASE WHEN json_valid(a.`details`) THEN a.`details` END, '$.requests') r WHERE a.`action` = 'requests.sentOnNewChannel' AND r.`type` = 'text' AND instr(r.`value`, ':') > 1 AND EXISTS (SELECT 1 FROM `users` u WHERE u.`id` = substr(r.`value`, 1, instr(r.`value`, ':') - 1));
--> statement-breakpoint
INSERT INTO `staff_sent_weeks` (`week`, `sent`, `alone`) SELECT date(l.`createdAt` / 1000, 'unixepoch', '-6 days', 'weekday 1'), count(*), coalesce(sum((l.`creator` = 'system' AND NOT EXISTS (SELECT 1 FROM `staff_released_requests` s WHERE s.`userId` = l.`userId` AND s.`requestId` = l.`requestId` AND s.`releasedAt` >= l.`createdAt` - 7776000000))), 0) FROM `request_logs` l WHERE l.`status` IN ('emailed', 'mailed', 'filed') GROUP BY 1;
--> statement-breakpoint
-- The weeks no longer read the log's sendings: the index written for them (migration 0025) goes.
DROP INDEX `request_logs_sent_idx`;
