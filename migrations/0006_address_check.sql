ALTER TABLE `recipients` ADD `addressCheck` text;--> statement-breakpoint
ALTER TABLE `requests` ADD `addressCheck` text;--> statement-breakpoint
ALTER TABLE `users` ADD `addressCheck` text;