-- What the law reaches (decision 0062): the way a sender's privacy notice names for privacy
-- requests, where a source gives it; and on a legal request, whether the law surely reaches its
-- sender and whether it went the way the notice names (only then does its letter state a deadline).
ALTER TABLE `request_templates` ADD `privacyRequestMethod` text;--> statement-breakpoint
ALTER TABLE `requests` ADD `legalReach` text;--> statement-breakpoint
ALTER TABLE `requests` ADD `legalByNoticeMethod` integer;
--> statement-breakpoint
-- A request waiting for the person's permission to ask under the law, to a sender the law does not
-- reach (a bank, card issuer, lender, insurer, prescreened offer or mail processor): the hold goes,
-- so that the daily run takes it to staff with the reason in its history.
UPDATE `requests` SET `followUpHold` = NULL
WHERE `followUpHold` = 'permissionNeeded'
  AND `templateId` IN (SELECT `id` FROM `request_templates`
    WHERE `category` IN ('credit-cards', 'loans', 'insurance', 'credit-offers', 'mail-processor'));--> statement-breakpoint
-- A request under the law not sent yet, to such a sender: it never goes out; staff take it, and
-- its history says why.
INSERT INTO `request_logs` (`id`, `userId`, `requestId`, `creator`, `status`, `detail`, `createdAt`)
SELECT lower(hex(randomblob(16))), `userId`, `id`, 'system', 'escalated',
  'With our staff: the law does not reach this sender (a bank, card issuer, lender, insurer, prescreened offer or mail processor), so no request under it goes out',
  cast(unixepoch('subsec') * 1000 as integer)
FROM `requests`
WHERE `followUpStep` = 2 AND `legalLawId` IS NOT NULL AND `processedAt` IS NULL AND `status` = 'inQueue'
  AND `templateId` IN (SELECT `id` FROM `request_templates`
    WHERE `category` IN ('credit-cards', 'loans', 'insurance', 'credit-offers', 'mail-processor'));--> statement-breakpoint
UPDATE `requests` SET `followUpStep` = 3, `legalLawId` = NULL, `agentPermissionId` = NULL,
  `updatedAt` = cast(unixepoch('subsec') * 1000 as integer)
WHERE `followUpStep` = 2 AND `legalLawId` IS NOT NULL AND `processedAt` IS NULL AND `status` = 'inQueue'
  AND `templateId` IN (SELECT `id` FROM `request_templates`
    WHERE `category` IN ('credit-cards', 'loans', 'insurance', 'credit-offers', 'mail-processor'));
