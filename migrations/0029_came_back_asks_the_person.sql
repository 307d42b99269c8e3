-- A request that came back from the address we had asks the person for the return address on the
-- piece, for 7 days from then (decision 0070).
ALTER TABLE `requests` ADD `returnAddressAskedAt` integer;
