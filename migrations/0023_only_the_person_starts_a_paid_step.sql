-- Only the person, and only real evidence, start a paid follow-up step or move a sender's figures
-- (decision 0065): the person's answer to a piece nobody can vouch for,
-- what the second request says of the mail that kept coming, and the paid steps an account took
-- each day, reserved before each is taken.
ALTER TABLE `mail_arrivals` ADD `personAnswer` text;--> statement-breakpoint
ALTER TABLE `requests` ADD `followUpEvidence` text;--> statement-breakpoint
CREATE TABLE `follow_up_days` (
	`userId` text NOT NULL,
	`day` text NOT NULL,
	`taken` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`userId`, `day`),
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- A legal step held for a permission was set going by a piece, never confirmed by the person:
-- it now waits for their confirmation first.
UPDATE `requests` SET `followUpHold` = 'confirmationNeeded' WHERE `followUpHold` = 'permissionNeeded';
