-- The mailbox set up by the person (decision 0073): when each address first kept a digest or an
-- emailed photo, and when its setup steps were last emailed.
ALTER TABLE `mailbox_addresses` ADD `firstMailAt` integer;--> statement-breakpoint
ALTER TABLE `mailbox_addresses` ADD `stepsEmailedAt` integer;--> statement-breakpoint
-- An address that already took mail is past its setup: the earliest digest piece or emailed photo
-- of its owner. min() of two values is null when either is, hence both orders under coalesce.
UPDATE `mailbox_addresses` SET `firstMailAt` = min(
  coalesce(
    (SELECT min(`createdAt`) FROM `mail_arrivals` WHERE `mail_arrivals`.`userId` = `mailbox_addresses`.`userId` AND `mail_arrivals`.`source` IN ('digest', 'email')),
    (SELECT min(`createdAt`) FROM `mail_photos` WHERE `mail_photos`.`userId` = `mailbox_addresses`.`userId` AND `mail_photos`.`source` = 'email')
  ),
  coalesce(
    (SELECT min(`createdAt`) FROM `mail_photos` WHERE `mail_photos`.`userId` = `mailbox_addresses`.`userId` AND `mail_photos`.`source` = 'email'),
    (SELECT min(`createdAt`) FROM `mail_arrivals` WHERE `mail_arrivals`.`userId` = `mailbox_addresses`.`userId` AND `mail_arrivals`.`source` IN ('digest', 'email'))
  )
);
