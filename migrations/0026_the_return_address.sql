-- The sender's return address as the person gave it from a piece of its mail (decision 0067).
ALTER TABLE `requests` ADD `senderAddress` text;
--> statement-breakpoint
ALTER TABLE `requests` ADD `senderAddressCheck` text;
--> statement-breakpoint
ALTER TABLE `requests` ADD `senderAddressFrom` text;
--> statement-breakpoint
ALTER TABLE `requests` ADD `senderAddressAt` integer;
--> statement-breakpoint
ALTER TABLE `mailed_letters` ADD `toAddress` text;
