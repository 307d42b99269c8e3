-- The return addresses people gave, verified deliverable, per sender: what a postal channel is
-- learned from (decision 0068).
CREATE INDEX `requests_return_address_idx` ON `requests` (`templateId`,`userId`) WHERE "senderAddressCheck" = 'verified' AND "senderAddress" IS NOT NULL;
--> statement-breakpoint
-- The same, by when they were given: the daily run's senders given one lately.
CREATE INDEX `requests_return_address_recent_idx` ON `requests` (`senderAddressAt`) WHERE "senderAddressCheck" = 'verified' AND "senderAddress" IS NOT NULL;
