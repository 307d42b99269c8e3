-- What the law reaches (decision 0062): the way a sender's privacy notice names for privacy
-- requests, where a source gives it; and on a legal request, whether the law surely reaches its
-- sender and whether it went the way the notice names (only then does its letter state a deadline).
ALTER TABLE `request_templates` ADD `privacyRequestMethod` text;--> statement-breakpoint
ALTER TABLE `requests` ADD `legalReach` text;--> statement-breakpoint
ALTER TABLE `requests` ADD `legalByNoticeMethod` integer;
