-- Which D1 database holds each user's own rows, once users are split across databases (decision
-- 0082). Empty while there is one database: a user with no row lives in home 0, the DB binding.
CREATE TABLE `user_homes` (
	`userId` text PRIMARY KEY NOT NULL,
	`home` integer NOT NULL
);
