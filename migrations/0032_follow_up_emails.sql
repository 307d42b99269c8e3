-- An email at each step the follow-up ladder takes in the person's name, on unless they turn it
-- off (decision 0071).
ALTER TABLE `users` ADD `followUpEmails` integer DEFAULT true NOT NULL;
