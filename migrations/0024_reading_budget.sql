-- The reading budget (decision 0065): an account's digest pieces of the last day, counted with its photos.
CREATE INDEX `mail_arrivals_user_created_idx` ON `mail_arrivals` (`userId`,`createdAt`);
-- What a request's reply address took per day, and whether its owner was told that day (decision 0065).
CREATE TABLE `sender_reply_days` (
	`userId` text NOT NULL,
	`requestId` text NOT NULL,
	`day` text NOT NULL,
	`taken` integer DEFAULT 0 NOT NULL,
	`notified` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`userId`, `requestId`, `day`),
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
