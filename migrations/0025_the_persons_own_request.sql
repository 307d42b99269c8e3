-- The person's own request needs no agent (decision 0066): a sender that refuses agents is no
-- longer one the person files with themselves. Only an SSN, a date of birth or a fee makes it so
-- (consumerFilesFor). The seed leaves existing templates alone, so the catalog's rows marked for the
-- agent field alone are corrected here; a sender that asks for an identity number or a fee keeps it.
UPDATE `request_templates` SET `consumerFiles` = 0, `updatedAt` = cast(unixepoch('subsec') * 1000 as integer)
WHERE `consumerFiles` = 1 AND `acceptsAgent` = 'no'
  AND NOT EXISTS (SELECT 1 FROM json_each(coalesce(`request_templates`.`needs`, '[]')) AS `need`
    WHERE `need`.`value` LIKE '%SSN%'
      OR `need`.`value` LIKE '%social security%'
      OR `need`.`value` LIKE '%date of birth%'
      OR (' ' || `need`.`value` || ' ') LIKE '% fee %'
      OR (' ' || `need`.`value` || ' ') LIKE '% fee,%'
      OR (' ' || `need`.`value` || ' ') LIKE '% fee.%'
      OR (' ' || `need`.`value` || ' ') LIKE '% fee)%');--> statement-breakpoint
-- The staff overview's share of requests sent with no staff touch, by week (decision 0066).
CREATE INDEX `request_logs_sent_idx` ON `request_logs` (`createdAt`,`creator`) WHERE "status" in ('emailed', 'mailed', 'filed');
