-- A person's tally keeps in JSON only what the daily walks read in SQL, and the rest deflated
-- (decision 0085). A row written before keeps its whole record in `tally` and no `packed`, and is
-- read as it is until its next fold writes it in two parts.
ALTER TABLE `mail_tallies` ADD `packed` blob;
