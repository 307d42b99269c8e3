-- Whether a piece seen in the mail is known to be real (decision 0064): a digest whose Postal
-- Service DKIM signature verified, a photo uploaded by the signed-in person, or a photo emailed from
-- the account's own address with a verified signature. Pieces recorded before are marked so only
-- when they were uploads; digests and emailed photos were never checked.
ALTER TABLE mail_arrivals ADD COLUMN authenticated integer DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE mail_arrivals SET authenticated = true WHERE source = 'photo';
