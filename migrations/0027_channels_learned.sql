-- The return addresses people gave, verified deliverable, per sender: what a postal channel is
-- learned from (decision 0068).
CREATE INDEX `requests_return_address_idx` ON `requests` (`templateId`,`userId`) WHERE "senderAddressCheck" = 'verified' AND "senderAddress" IS NOT NULL;
