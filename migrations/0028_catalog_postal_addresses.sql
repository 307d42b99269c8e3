-- The catalog's postal addresses (issue: every request reaches its sender), each with the page it was read
-- from, and the confidence notes that now say where each address comes from: a database seeded before
-- gets them here, a fresh one from the seed. Only rows still holding the earlier seeded text change, so a
-- sender staff corrected keeps their correction.
UPDATE `request_templates` SET `channels` = '[{"kind":"web","value":"https://www.dmachoice.org"},{"kind":"mail","value":"DMAchoice, P.O. Box 900, Cos Cob, CT 06807","note":"with the registration fee","source":"http://ag.ks.gov/in-your-corner-kansas/your-home-car/how-do-i-stop-junk-mail","checked":"2026-11-29"}]' WHERE `id` = 'dmachoice' AND `channels` = '[{"kind":"web","value":"https://www.dmachoice.org"},{"kind":"mail","value":"DMAchoice, P.O. Box 900, Cos Cob, CT 06807","note":"with the registration fee"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"web","value":"https://www.acxiom.com/optout"},{"kind":"email","value":"consumeradvo@acxiom.com"},{"kind":"mail","value":"Acxiom LLC, Consumer Care Advocate, P.O. Box 2000, Conway, AR 72033","source":"https://www.acxiom.com/privacy/international-privacy-notice","checked":"2026-11-29"},{"kind":"phone","value":"1-877-774-2094"}]' WHERE `id` = 'acxiom' AND `channels` = '[{"kind":"web","value":"https://www.acxiom.com/optout"},{"kind":"email","value":"consumeradvo@acxiom.com"},{"kind":"mail","value":"Acxiom LLC, Consumer Care Advocate, P.O. Box 2000, Conway, AR 72033"},{"kind":"phone","value":"1-877-774-2094"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"email","value":"usprivacy@equifax.com"},{"kind":"mail","value":"Equifax Inc., P.O. Box 740123, Atlanta, GA 30374","source":"http://www.ag.state.mn.us/Consumer/Publications/UnwantedMail.asp","checked":"2026-11-29","note":"the address the Minnesota Attorney General gives for written opt-outs from prescreened offers; ask there too to stop marketing use"}]' WHERE `id` = 'equifax-marketing' AND `channels` = '[{"kind":"email","value":"usprivacy@equifax.com"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"web","value":"https://consumer.risk.lexisnexis.com"},{"kind":"phone","value":"1-888-217-1591"},{"kind":"mail","value":"LexisNexis Risk Solutions, 1000 Alderman Drive, Alpharetta, GA 30005","source":"https://risk.lexisnexis.com/masterterms","checked":"2026-11-29","note":"principal place of business that its master terms give"}]' WHERE `id` = 'lexisnexis' AND `channels` = '[{"kind":"web","value":"https://consumer.risk.lexisnexis.com"},{"kind":"phone","value":"1-888-217-1591"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"web","value":"https://www.save.com/mailing/delivery-options"},{"kind":"email","value":"privacyrequests@valassis.com","note":"address from 2020"},{"kind":"phone","value":"1-844-940-7283"},{"kind":"mail","value":"Valassis Communications, 19975 Victor Parkway, Livonia, MI 48152","source":"http://getfilings.com/sec-filings/110301/VALASSIS-COMMUNICATIONS-INC_10-K/","checked":"2026-11-29","note":"headquarters of Valassis, from its 10-K for 2010, read on a copy; it may have moved since"}]' WHERE `id` = 'vericast-save' AND `channels` = '[{"kind":"web","value":"https://www.save.com/mailing/delivery-options"},{"kind":"email","value":"privacyrequests@valassis.com","note":"address from 2020"},{"kind":"phone","value":"1-844-940-7283"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"web","value":"https://www.yellowpagesoptout.com","note":"needs an account; choose each directory"},{"kind":"phone","value":"1-866-329-7118","note":"YP"},{"kind":"phone","value":"1-877-607-0775","note":"Yellowbook"},{"kind":"mail","value":"Thryv Holdings, P.O. Box 619810, DFW Airport, TX 75261","source":"https://www.sec.gov/Archives/edgar/data/1556739/000114036120002027/filename1.htm","checked":"2026-11-29","note":"principal executive offices of Thryv, publisher of print Yellow Pages, from its SEC registration of 2020"}]' WHERE `id` = 'yellowpages' AND `channels` = '[{"kind":"web","value":"https://www.yellowpagesoptout.com","note":"needs an account; choose each directory"},{"kind":"phone","value":"1-866-329-7118","note":"YP"},{"kind":"phone","value":"1-877-607-0775","note":"Yellowbook"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"email","value":"privacychoices@hartehanks.com"},{"kind":"web","value":"https://www.hartehanks.com/privacy/preferences"},{"kind":"mail","value":"Harte Hanks, Attn: Data Protection Officer, 2800 Wells Branch Parkway, Austin, TX 78728","source":"https://www.hartehanks.com/privacy-statement","checked":"2026-11-29"},{"kind":"phone","value":"1-800-541-5594"}]' WHERE `id` = 'harte-hanks' AND `channels` = '[{"kind":"email","value":"privacychoices@hartehanks.com"},{"kind":"web","value":"https://www.hartehanks.com/privacy/preferences"},{"kind":"mail","value":"Harte Hanks, Attn: Data Protection Officer, 2800 Wells Branch Parkway, Austin, TX 78728"},{"kind":"phone","value":"1-800-541-5594"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"email","value":"privacy@zetaglobal.com"},{"kind":"mail","value":"Zeta Global Holdings, 3 Park Ave 33rd Floor, New York, NY 10016","source":"https://capedgeqa.com/filing/1851003/0000950170-24-021671/10K-2023FY","checked":"2026-11-29","note":"corporate headquarters, from its 10-K for 2023, read on a copy"}]' WHERE `id` = 'zeta' AND `channels` = '[{"kind":"email","value":"privacy@zetaglobal.com"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Data Axle, 1001 Fort Cook Road North, Bellevue, NE 68005","source":"https://documents.roundrocktexas.gov/WebLink/DocView.aspx?dbid=0&id=1636936&repo=CORR","checked":"2026-11-29","note":"the office address a City of Round Rock purchase agreement of April 2025 gives; a third party''s document"}]' WHERE `id` = 'data-axle' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'office address from a city purchase agreement of 2025; no opt-out channel named' WHERE `id` = 'data-axle' AND `notes` = 'no current opt-out channel found';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Lands'' End Inc., 1 Lands'' End Lane, Dodgeville, WI 53595","source":"https://sec.gov/Archives/edgar/data/799288/000156459020012223/le-10k_20200131.htm","checked":"2026-11-29"}]' WHERE `id` = 'lands-end' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'lands-end' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its SEC filing; no opt-out channel named' WHERE `id` = 'lands-end' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"J.Crew Group LLC, 225 Liberty St., New York, NY 10281","source":"https://www.madewell.com/help/privacy_policy.jsp?FOLDER%3C%3Efolder_id=2534374302024805&PRODUCT%3C%3Eprd_id=845524441777136&bmLocale=en_IN&bmUID=mbB6I2n","checked":"2026-11-29"}]' WHERE `id` = 'j-crew' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'j-crew' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its privacy notice; no opt-out channel named' WHERE `id` = 'j-crew' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Williams-Sonoma Inc., Attn: Pottery Barn, 3250 Van Ness Avenue, San Francisco, CA 94109","source":"https://williams-sonoma.ca/customer-service/legal-statement.html","checked":"2026-11-29","note":"its parent''s headquarters (Williams-Sonoma, Inc.)"}]' WHERE `id` = 'pottery-barn' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'pottery-barn' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its parent''s headquarters as the parent''s site gives it; no opt-out channel named' WHERE `id` = 'pottery-barn' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Williams-Sonoma Inc., Attn: Pottery Barn Kids, 3250 Van Ness Avenue, San Francisco, CA 94109","source":"https://williams-sonoma.ca/customer-service/legal-statement.html","checked":"2026-11-29","note":"its parent''s headquarters (Williams-Sonoma, Inc.)"}]' WHERE `id` = 'pottery-barn-kids' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'pottery-barn-kids' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its parent''s headquarters as the parent''s site gives it; no opt-out channel named' WHERE `id` = 'pottery-barn-kids' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Williams-Sonoma Inc., Attn: West Elm, 3250 Van Ness Avenue, San Francisco, CA 94109","source":"https://williams-sonoma.ca/customer-service/legal-statement.html","checked":"2026-11-29","note":"its parent''s headquarters (Williams-Sonoma, Inc.)"}]' WHERE `id` = 'west-elm' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'west-elm' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its parent''s headquarters as the parent''s site gives it; no opt-out channel named' WHERE `id` = 'west-elm' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Williams-Sonoma Inc., 3250 Van Ness Avenue, San Francisco, CA 94109","source":"https://williams-sonoma.ca/customer-service/legal-statement.html","checked":"2026-11-29"}]' WHERE `id` = 'williams-sonoma' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'williams-sonoma' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters as its own site gives it; no opt-out channel named' WHERE `id` = 'williams-sonoma' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"RH, 15 Koch Road, Corte Madera, CA 94925","source":"https://quarterlytics.com/company/rh_rh/annual-report-2020","checked":"2026-11-29"}]' WHERE `id` = 'rh' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'rh' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its SEC filing; no opt-out channel named' WHERE `id` = 'rh' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Crate & Barrel, Attn: Internet Customer Service, 1860 West Jefferson Avenue, Naperville, IL 60540","source":"https://hudsongracesf.com/pages/terms-of-use","checked":"2026-11-29","note":"read in the terms of use its company (Euromarket Designs, Inc.) shares across Crate & Barrel, CB2 and Hudson Grace"}]' WHERE `id` = 'crate-and-barrel' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'crate-and-barrel' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its own contact page; no opt-out channel named' WHERE `id` = 'crate-and-barrel' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"CB2, Attn: Internet Customer Service, 1860 West Jefferson Avenue, Naperville, IL 60540","source":"https://hudsongracesf.com/pages/terms-of-use","checked":"2026-11-29","note":"read in the terms of use its company (Euromarket Designs, Inc.) shares across Crate & Barrel, CB2 and Hudson Grace"}]' WHERE `id` = 'cb2' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'cb2' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its own contact page; no opt-out channel named' WHERE `id` = 'cb2' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Urban Outfitters Inc., Attn: Anthropologie, 5000 South Broad Street, Philadelphia, PA 19112-1495","source":"https://investor.urbn.com/node/10096/html","checked":"2026-11-29","note":"its parent''s headquarters (URBN)"}]' WHERE `id` = 'anthropologie' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'anthropologie' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its parent''s headquarters from an SEC filing; no opt-out channel named' WHERE `id` = 'anthropologie' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Urban Outfitters Inc., Attn: Free People, 5000 South Broad Street, Philadelphia, PA 19112-1495","source":"https://investor.urbn.com/node/10096/html","checked":"2026-11-29","note":"its parent''s headquarters (URBN)"}]' WHERE `id` = 'free-people' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'free-people' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its parent''s headquarters from an SEC filing; no opt-out channel named' WHERE `id` = 'free-people' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Urban Outfitters Inc., 5000 South Broad Street, Philadelphia, PA 19112-1495","source":"https://investor.urbn.com/node/10096/html","checked":"2026-11-29"}]' WHERE `id` = 'urban-outfitters' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'urban-outfitters' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its SEC filing; no opt-out channel named' WHERE `id` = 'urban-outfitters' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Qurate Retail Inc., Attn: Garnet Hill, 12300 Liberty Boulevard, Englewood, CO 80112","source":"https://annual-statements.com/company/qurate-retail-inc/annual-report-2020-form-10k-84402?XDEBUG_SESSION_STOP=1","checked":"2026-11-29","note":"its parent''s headquarters (Qurate Retail) as its 2020 SEC filing gave it; the brand is run elsewhere, so a letter may be forwarded"}]' WHERE `id` = 'garnet-hill' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'garnet-hill' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its parent''s headquarters from an SEC filing; no opt-out channel named' WHERE `id` = 'garnet-hill' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Duluth Holdings Inc., 201 East Front Street, Mount Horeb, WI 53572","source":"https://ir.duluthtrading.com/node/8941/html","checked":"2026-11-29"}]' WHERE `id` = 'duluth-trading' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'duluth-trading' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its SEC filing; no opt-out channel named' WHERE `id` = 'duluth-trading' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Eddie Bauer Holdings Inc., 10401 NE 8th Street Suite 500, Bellevue, WA 98004","source":"https://www.sec.gov/Archives/edgar/data/1345968/000095013407018424/v33046orsv8.htm","checked":"2026-11-29","note":"its headquarters as its SEC filings gave it in 2007 (its 2009 annual report gives the same); it no longer files, and a letter may be forwarded"}]' WHERE `id` = 'eddie-bauer' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from a 2007 SEC filing; no opt-out channel named' WHERE `id` = 'eddie-bauer' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"phone","value":"1-800-343-5700","note":"its line for privacy questions; it has no published mail opt-out line, so ask them to stop sending catalogs"},{"kind":"mail","value":"J.Jill Inc., 4 Batterymarch Park, Quincy, MA 02169","source":"https://content.edgar-online.com/ExternalLink/EDGAR/0001564590-20-029393.html?hash=d08b7c8a0b45948deecc1b0e85cd114913d37c4db251ff8e3b8daeb37d501a4a&dest=JILL-10K_20200201_HTM","checked":"2026-11-29"}]' WHERE `id` = 'j-jill' AND `channels` = '[{"kind":"phone","value":"1-800-343-5700","note":"its line for privacy questions; it has no published mail opt-out line, so ask them to stop sending catalogs"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Chico''s FAS Inc., 11215 Metro Parkway, Fort Myers, FL 33966","source":"https://content.edgar-online.com/ExternalLink/EDGAR/0000897429-20-000052.html?dest=EXHIBIT1052CHICOSFIRST_HTM&hash=b6f2e8ebb33be0e3052fb2eecc4383e8dcdae8b15e50a48990abbc870932ec6a","checked":"2026-11-29"}]' WHERE `id` = 'chicos' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'chicos' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its SEC filing; no opt-out channel named' WHERE `id` = 'chicos' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"The Talbots Inc., 1 Talbots Drive, Hingham, MA 02043","source":"https://sec.gov/Archives/edgar/data/912263/000095012311030869/b84980e10vk.htm","checked":"2026-11-29","note":"its headquarters as its last SEC filings (2011) gave it; it has been private since 2012"}]' WHERE `id` = 'talbots' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'talbots' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its SEC filing; no opt-out channel named' WHERE `id` = 'talbots' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Sundance Catalog Company, 3865 West 2400 South, Salt Lake City, UT 84120","source":"https://github.com/citp/privacy-policy-historical/blob/ee31fec74daddfefb409d3968985fe3ed8982f6c/s/su/sun/sundancecatalog.com.md","checked":"2026-11-29","note":"the postal address its privacy policy gave, where it took requests by letter to stop mailings and list sharing, read in a copy of the policy as it stood in December 2015, kept in a repository"}]' WHERE `id` = 'sundance' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from a 2015 copy of its privacy policy, which took mailing opt-outs by letter' WHERE `id` = 'sundance' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Boden Customer Relations, 180 Armstrong Road, Pittston, PA 18640-9628","source":"https://github.com/citp/privacy-policy-historical/blob/87f45f5a79c038d49b688cb097b903037f5412bf/b/bo/bod/bodenusa.com.md","checked":"2026-11-29","note":"the U.S. mailing address its privacy policy gives for privacy questions and California requests, read in a copy of the policy as it stood in March 2019, kept in a repository"}]' WHERE `id` = 'boden' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'boden' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from a 2019 copy of its U.S. privacy policy; no postal opt-out named' WHERE `id` = 'boden' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Hanna Andersson LLC, 608 NE 19th Avenue, Portland, OR 97232","source":"https://www.hannaandersson.com/terms-of-use.html?srsltid=AfmBOooqpNHyhrASZ2asiOvdrLCiGVwHergZwBBQe56v8kXQ80kRjFYT","checked":"2026-11-29"}]' WHERE `id` = 'hanna-andersson' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'hanna-andersson' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters as its own site gives it; no opt-out channel named' WHERE `id` = 'hanna-andersson' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"The Gap Inc., Attn: Athleta, 2 Folsom Street, San Francisco, CA 94105","source":"https://docslib.org/doc/5855924/the-gap-inc-exact-name-of-registrant-as-specified-in-its-charter","checked":"2026-11-29","note":"its parent''s headquarters (Gap Inc.)"}]' WHERE `id` = 'athleta' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'athleta' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its parent''s headquarters from an SEC filing; no opt-out channel named' WHERE `id` = 'athleta' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Patagonia Customer Service, 8550 White Fir Street, Reno, NV 89523","source":"https://github.com/citp/privacy-policy-historical/blob/14e63d2aab30d066db6e54cf85aa49538c7d69ca/p/pa/pat/patagonia.com.md","checked":"2026-11-29","note":"the address its privacy policy gives for questions and for removal from its lists, read in a copy of the policy as it stood in June 2019, kept in a repository"}]' WHERE `id` = 'patagonia' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'patagonia' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from a 2019 copy of its privacy policy, which takes list removals by mail' WHERE `id` = 'patagonia' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Recreational Equipment Inc., Attn: Privacy Officer, 6750 S. 228th Street, Kent, WA 98032","source":"https://github.com/cliqz-oss/privacy-bot/blob/5fc322e3ab7567ceae365e1a9a7538c6d9ed5a39/privacy_policies/rei/en.md","checked":"2026-11-29","note":"its privacy officer, as its privacy policy (effective November 22, 2016) gave it, read in a copy of that policy kept in a repository (saved 2017)"}]' WHERE `id` = 'rei' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address of its privacy officer from a 2016 copy of its privacy policy; no opt-out channel named' WHERE `id` = 'rei' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Cabela''s Incorporated, One Cabela Drive, Sidney, NE 69160","source":"http://getfilings.com/sec-filings/170216/CABELAS-INC_10-K/","checked":"2026-11-29","note":"its headquarters as its last annual report (10-K filed 2017, read on a faithful mirror of the SEC filing) gave it, before Bass Pro Shops bought it; a letter may be forwarded"}]' WHERE `id` = 'cabelas' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its 2017 SEC filing; no opt-out channel named' WHERE `id` = 'cabelas' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Bass Pro Outdoors Online L.L.C., Attn: Privacy Director, 2500 East Kearney, Springfield, MO 65898","source":"https://github.com/citp/privacy-policy-historical/blob/0c2f7524b2b63add8c1837a1f27787471fdffb23/b/ba/bas/basspro.com.md","checked":"2026-11-29","note":"its privacy director, as its privacy statement (archived December 2010, last updated 2007) gave it, read in a copy kept in a repository"}]' WHERE `id` = 'bass-pro-shops' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address of its privacy director from a 2010 copy of its privacy statement; no opt-out channel named' WHERE `id` = 'bass-pro-shops' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Harbor Freight Tools, Attn: Internet Customer Service, 3491 Mission Oaks Boulevard, Camarillo, CA 93011","source":"https://github.com/cliqz-oss/privacy-bot/blob/5fc322e3ab7567ceae365e1a9a7538c6d9ed5a39/privacy_policies/harborfreight/en.md","checked":"2026-11-29","note":"the address its privacy policy gives for requests, including removal from its marketing lists, read in a copy of the policy kept in a repository (saved 2017)"}]' WHERE `id` = 'harbor-freight' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from a 2017 copy of its privacy policy, which takes list removals by mail' WHERE `id` = 'harbor-freight' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Northern Tool and Equipment, Attn: Customer Service, PO Box 1219, Burnsville, MN 55337-0219","source":"https://github.com/citp/privacy-policy-historical/blob/2dea1229ec4c5a1e19de8aac8a683c79c96c8326/n/no/nor/northerntool.com.md","checked":"2026-11-29","note":"the address its privacy policy gave for withdrawing personal information and stopping name exchange, read in a copy of the policy as it stood in 2003, kept in a repository; the policy also names 2800 Southcross Drive West"}]' WHERE `id` = 'northern-tool' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from a 2003 copy of its privacy policy, which took name-exchange opt-outs by mail' WHERE `id` = 'northern-tool' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"The Sportsman''s Guide Inc., 411 Farwell Avenue, South St. Paul, MN 55075","source":"https://www.sec.gov/Archives/edgar/data/791450/000095013406005335/c02930e10vk.htm","checked":"2026-11-29","note":"its headquarters as its last annual report (10-K, 2006) gave it; it has changed owners since"}]' WHERE `id` = 'sportsmans-guide' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its 2006 SEC filing; no opt-out channel named' WHERE `id` = 'sportsmans-guide' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Qurate Retail Inc., Attn: Frontgate, 12300 Liberty Boulevard, Englewood, CO 80112","source":"https://annual-statements.com/company/qurate-retail-inc/annual-report-2020-form-10k-84402?XDEBUG_SESSION_STOP=1","checked":"2026-11-29","note":"its parent''s headquarters (Qurate Retail) as its 2020 SEC filing gave it; the brand is run elsewhere, so a letter may be forwarded"}]' WHERE `id` = 'frontgate' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'frontgate' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its parent''s headquarters from an SEC filing; no opt-out channel named' WHERE `id` = 'frontgate' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Qurate Retail Inc., Attn: Ballard Designs, 12300 Liberty Boulevard, Englewood, CO 80112","source":"https://annual-statements.com/company/qurate-retail-inc/annual-report-2020-form-10k-84402?XDEBUG_SESSION_STOP=1","checked":"2026-11-29","note":"its parent''s headquarters (Qurate Retail) as its 2020 SEC filing gave it; the brand is run elsewhere, so a letter may be forwarded"}]' WHERE `id` = 'ballard-designs' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'ballard-designs' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its parent''s headquarters from an SEC filing; no opt-out channel named' WHERE `id` = 'ballard-designs' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Qurate Retail Inc., Attn: Grandin Road, 12300 Liberty Boulevard, Englewood, CO 80112","source":"https://annual-statements.com/company/qurate-retail-inc/annual-report-2020-form-10k-84402?XDEBUG_SESSION_STOP=1","checked":"2026-11-29","note":"its parent''s headquarters (Qurate Retail) as its 2020 SEC filing gave it; the brand is run elsewhere, so a letter may be forwarded"}]' WHERE `id` = 'grandin-road' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'grandin-road' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its parent''s headquarters from an SEC filing; no opt-out channel named' WHERE `id` = 'grandin-road' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Plow & Hearth, Attn: Customer Satisfaction Department, PO Box 5000, Madison, VA 22727","source":"https://github.com/citp/privacy-policy-historical/blob/0a7378e807b444d55b7f5bf373831f58a2c54da3/p/pl/plo/plowhearth.com.md","checked":"2026-11-29","note":"the address its privacy policy (last updated January 2010, archived 2011) gave for limiting the sharing of personal information, read in a copy kept in a repository"}]' WHERE `id` = 'plow-and-hearth' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from a 2011 copy of its privacy policy, which took sharing opt-outs by mail' WHERE `id` = 'plow-and-hearth' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Wayfair Inc., 4 Copley Place 7th Floor, Boston, MA 02116","source":"http://www.sec.gov/Archives/edgar/data/1616707/000161670717000133/a2016-12x31form10xk.htm","checked":"2026-11-29"}]' WHERE `id` = 'wayfair' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'wayfair' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its SEC filing; no opt-out channel named' WHERE `id` = 'wayfair' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"IKEA North America Services LLC, 420 Alan Wood Rd., Conshohocken, PA 19428","source":"http://nyjobsource.com/ikea.html","checked":"2026-11-29","note":"its U.S. headquarters as a third party''s company page (about 2011) gives it; its own 2022 privacy policy names IKEA North America Services, LLC as the company, and 2025 news still places the U.S. headquarters beside the Conshohocken store"}]' WHERE `id` = 'ikea' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its U.S. headquarters from a third party''s page of about 2011; no opt-out channel named' WHERE `id` = 'ikea' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Victoria''s Secret & Co., 4 Limited Parkway East, Reynoldsburg, OH 43068","source":"https://capedge.com/files/DIFF/10-K/0001856437-22-000007_0001856437-23-000013.htm.gz","checked":"2026-11-29"}]' WHERE `id` = 'victorias-secret' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'victorias-secret' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its SEC filing; no opt-out channel named' WHERE `id` = 'victorias-secret' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"email","value":"privacy@kohls.com","note":"its general privacy contact; it has no published mail opt-out address, so ask them to stop sending mailers"},{"kind":"mail","value":"Kohl''s Corporation, N56 W17000 Ridgewood Drive, Menomonee Falls, WI 53051","source":"https://quarterlytics.com/company/kohl’s_kss/annual-report-2015","checked":"2026-11-29"}]' WHERE `id` = 'kohls' AND `channels` = '[{"kind":"email","value":"privacy@kohls.com","note":"its general privacy contact; it has no published mail opt-out address, so ask them to stop sending mailers"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"J. C. Penney Company Inc., 6501 Legacy Drive, Plano, TX 75024-3698","source":"https://vdocument.in/form-11-k-december-31-2019-annual-report-on-form-11-k-of-the-jc-penney-corporation.html","checked":"2026-11-29","note":"its headquarters as its last SEC filings (2020) gave it"}]' WHERE `id` = 'jcpenney' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'jcpenney' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its SEC filing; no opt-out channel named' WHERE `id` = 'jcpenney' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Nordstrom Inc., 1617 Sixth Avenue, Seattle, WA 98101","source":"https://quarterlytics.com/company/nordstrom_jwn/annual-report-2019","checked":"2026-11-29"}]' WHERE `id` = 'nordstrom' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'nordstrom' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its SEC filing; no opt-out channel named' WHERE `id` = 'nordstrom' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Neiman Marcus Group LTD LLC, 1618 Main Street, Dallas, TX 75201","source":"https://www.sec.gov/Archives/edgar/data/1358651/000115752317002660/a51696256.htm","checked":"2026-11-29","note":"its headquarters (One Marcus Square) as its SEC filings gave it in 2017, before it joined Saks Global"}]' WHERE `id` = 'neiman-marcus' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'neiman-marcus' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its SEC filing; no opt-out channel named' WHERE `id` = 'neiman-marcus' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"1-800-FLOWERS.COM Inc., Attn: Harry & David, 2 Jericho Plaza Suite 200, Jericho, NY 11753","source":"https://de.advfn.com/borse/NASDAQ/FLWS/nachrichten/92812952/form-s-8-securities-to-be-offered-to-employees-i","checked":"2026-11-29","note":"its parent''s headquarters (1-800-Flowers.com); Harry & David itself is in Medford, Oregon"}]' WHERE `id` = 'harry-and-david' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'harry-and-david' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its parent''s headquarters from an SEC filing; no opt-out channel named' WHERE `id` = 'harry-and-david' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"OmahaSteaks.com Inc., 11030 O St., Omaha, NE 68137","source":"https://github.com/citp/privacy-policy-historical/blob/0283a00ba31fbe2c79dc3cbdd9982031e4f46ffe/o/om/oma/omahasteaks.com.md","checked":"2026-11-29","note":"the address its privacy policy gave for updating or deleting personal information, read in a copy of the policy as it stood in 2008, kept in a repository (the policy writes the street as 11030 \"O\" St.)"}]' WHERE `id` = 'omaha-steaks' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from a 2008 copy of its privacy policy, which took mailing opt-outs by letter' WHERE `id` = 'omaha-steaks' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"The Swiss Colony Inc., 1112 7th Avenue, Monroe, WI 53566","source":"http://www.docstoc.com/docs/88349149/7A-Supplier-Manual","checked":"2026-11-29","note":"read in its own supplier manual (2007); its site still names Monroe, Wisconsin as its home"}]' WHERE `id` = 'swiss-colony' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'swiss-colony' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its own supplier manual; no opt-out channel named' WHERE `id` = 'swiss-colony' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Miles Kimball Company, 250 City Center, Oshkosh, WI 54906","source":"http://www.docstoc.com/docs/77783397/MILES-KIMBALL-COMPANY","checked":"2026-11-29","note":"its corporate address as its own supplier compliance manual (revised 2010) gave it, read in a copy of that manual on a document-sharing site"}]' WHERE `id` = 'miles-kimball' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its corporate address from a 2010 copy of its own supplier manual; no opt-out channel named' WHERE `id` = 'miles-kimball' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Haband, PO Box 126, Jessup, PA 18434","source":"https://github.com/citp/privacy-policy-historical/blob/24ec2fbe1d62670b52def7a25560ba73417714d7/h/ha/hab/haband.com.md","checked":"2026-11-29","note":"the address its privacy policy (effective May 1, 2016) gave for privacy questions, read in a copy kept in a repository"}]' WHERE `id` = 'haband' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from a 2016 copy of its privacy policy; no opt-out channel named' WHERE `id` = 'haband' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Blair Corporation, 220 Hickory Street, Warren, PA 16366-0001","source":"https://www.sec.gov/Archives/edgar/data/71525/000095015207002268/l25269ae8vk.htm","checked":"2026-11-29","note":"its headquarters as its last SEC filings (2007) gave it; it is now one of the Haband family of brands"}]' WHERE `id` = 'blair' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its 2007 SEC filing; no opt-out channel named' WHERE `id` = 'blair' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"The Vermont Country Store, P.O. Box 6998, Rutland, VT 05702-6998","source":"https://github.com/citp/privacy-policy-historical/blob/01027e886cb75c83de3a5fe0dbe717c38f605214/v/ve/ver/vermontcountrystore.com.md","checked":"2026-11-29","note":"the address its privacy policy gives for stopping unwanted or duplicate catalogs and mailings from other companies (send the name and address from the mailing label), read in a copy of the policy as it stood in December 2019, kept in a repository"}]' WHERE `id` = 'vermont-country-store' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'vermont-country-store' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address its 2019 privacy policy gives for catalog and list-sharing opt-outs' WHERE `id` = 'vermont-country-store' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Miles Kimball Company, Attn: Walter Drake, 250 City Center, Oshkosh, WI 54906","source":"http://www.docstoc.com/docs/77783397/MILES-KIMBALL-COMPANY","checked":"2026-11-29","note":"its parent''s corporate address (Miles Kimball Company, which names Walter Drake among its brands) from the parent''s own supplier compliance manual (revised 2010), read in a copy on a document-sharing site"}]' WHERE `id` = 'walter-drake' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its parent''s corporate address from a 2010 copy of the parent''s supplier manual; no opt-out channel named' WHERE `id` = 'walter-drake' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Collections Etc., Attn: Returns Processing, 4800 Proviso Drive, Melrose Park, IL 60163-1301","source":"https://www.mallorylane.com/our-policies/returns-exchanges/?zone=footer","checked":"2026-11-29","note":"only a returns address was found: the one its sister catalog Mallory Lane gives (same customer service line, 800-582-5700, and the page names Collections Etc.); a letter may be slow to reach the right desk"}]' WHERE `id` = 'collections-etc' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is a returns address from its sister catalog''s page; no opt-out channel named' WHERE `id` = 'collections-etc' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Hammacher Schlemmer & Company Inc., 9307 North Milwaukee Avenue, Niles, IL 60714","source":"https://www.referenceforbusiness.com/history2/27/Hammacher-Schlemmer-Company-Inc.html","checked":"2026-11-29","note":"a third party''s company profile (early 2000s); Wikipedia says a going-out-of-business sale began in October 2025, so a letter may go unanswered"}]' WHERE `id` = 'hammacher-schlemmer' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from a third party''s company profile of the early 2000s; no opt-out channel named' WHERE `id` = 'hammacher-schlemmer' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"W. Atlee Burpee & Co., 300 Park Avenue, Warminster, PA 18974","source":"https://company-histories.com/W-Atlee-Burpee-Co-Company-History.html","checked":"2026-11-29","note":"a third party''s company profile (about 1999); Wikipedia also names 300 Park Avenue in Warminster as its headquarters"}]' WHERE `id` = 'burpee' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from a third party''s company profile of about 1999; no opt-out channel named' WHERE `id` = 'burpee' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Jackson & Perkins, 2 Floral Avenue, Hodges, SC 29653","source":"https://github.com/citp/privacy-policy-historical/blob/0755d87206f22b4239265591e461d770e115c79f/j/ja/jac/jacksonandperkins.com.md","checked":"2026-11-29","note":"the address its privacy policy gives for opting out of its communications by mail, read in a copy of the policy as it stood in June 2017, kept in a repository"}]' WHERE `id` = 'jackson-and-perkins' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from a 2017 copy of its privacy policy, which takes opt-outs by mail' WHERE `id` = 'jackson-and-perkins' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Gurney''s Seed & Nursery Co., P.O. Box 4178, Greendale, IN 47025","source":"https://github.com/citp/privacy-policy-historical/blob/07d5aca8b138214a36c48f489c6f82d27604c896/g/gu/gur/gurneys.com.md","checked":"2026-11-29","note":"the address its privacy policy gave for opting out of its mailings and its partners'', read in a copy of the policy as it stood in 2013, kept in a repository"}]' WHERE `id` = 'gurneys' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from a 2013 copy of its privacy policy, which took opt-outs by mail' WHERE `id` = 'gurneys' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Chewy Inc., 7700 West Sunrise Boulevard, Plantation, FL 33322","source":"https://docoh.com/files/DIFF/10-K/0001766502-21-000008_0001766502-23-000011.htm.gz","checked":"2026-11-29"}]' WHERE `id` = 'chewy' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'chewy' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its SEC filing; no opt-out channel named' WHERE `id` = 'chewy' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Ross-Simons, 9 Ross-Simons Drive, Cranston, RI 02920","source":"http://www.ross-simons.com/content/_05_policies.htm","checked":"2026-11-29","note":"the address its own returns page gives (there with \"Attn: Returns Processing\"), read in a stored copy of the page of unknown date; no privacy or opt-out address found"}]' WHERE `id` = 'ross-simons' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its own returns page of unknown date; no opt-out channel named' WHERE `id` = 'ross-simons' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"The Lakeside Collection, P.O. Box 3088, Northbrook, IL 60015-3088","source":"http://www.lakeside.com/common/general_content_no_nav.jsp?contentAreaName=faqpayment","checked":"2026-11-29","note":"the address its own site gives for orders paid by mail; the page is undated and looks older than 2018"}]' WHERE `id` = 'lakeside-collection' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its order-by-mail address from an undated page of its own site; no opt-out channel named' WHERE `id` = 'lakeside-collection' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Carol Wright Gifts, Attn: Customer Services, P.O. Box 7823, Edison, NJ 08818-7823","source":"https://github.com/citp/privacy-policy-historical/blob/e8138b061b71668fb19c6bbe59304834c096fe5f/c/ca/car/carolwrightgifts.com.md","checked":"2026-11-29","note":"the address its privacy policy gave for California privacy requests, read in a copy of the policy as it stood in 2011, kept in a repository; the policy also names 100 Nixon Lane"}]' WHERE `id` = 'carol-wright-gifts' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from a 2011 copy of its privacy policy; no opt-out channel named' WHERE `id` = 'carol-wright-gifts' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Hanover Direct Inc., Attn: The Company Store, 1500 Harbor Boulevard, Weehawken, NJ 07086","source":"https://docoh.com/files/DIFF/10-KA/0000320333-06-000032_0000320333-07-000011.htm.gz","checked":"2026-11-29","note":"its parent''s headquarters (Hanover Direct, which runs The Company Store''s web shop) as its last annual report (2007, read on a mirror of the SEC filing) gave it; a letter may be forwarded"}]' WHERE `id` = 'the-company-store' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its parent''s headquarters from a 2007 SEC filing; no opt-out channel named' WHERE `id` = 'the-company-store' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"web","value":"https://www.homedepot.com/privacy/exercise-my-privacy-rights","note":"its privacy-rights request form (access, deletion, opt-out of sale); ask in it to stop marketing mail too"},{"kind":"phone","value":"1-800-394-1326","note":"privacy-rights requests by phone"},{"kind":"email","value":"myinfo@homedepot.com","note":"for authorized agents filing for California residents"},{"kind":"mail","value":"The Home Depot Inc., 2455 Paces Ferry Road, Atlanta, GA 30339-4024","source":"https://sec.gov/Archives/edgar/data/354950/000035495024000114/0000354950-24-000114.txt","checked":"2026-11-29"}]' WHERE `id` = 'home-depot' AND `channels` = '[{"kind":"web","value":"https://www.homedepot.com/privacy/exercise-my-privacy-rights","note":"its privacy-rights request form (access, deletion, opt-out of sale); ask in it to stop marketing mail too"},{"kind":"phone","value":"1-800-394-1326","note":"privacy-rights requests by phone"},{"kind":"email","value":"myinfo@homedepot.com","note":"for authorized agents filing for California residents"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Lowe''s Companies Inc., 1000 Lowe''s Blvd., Mooresville, NC 28117","source":"https://finance.sananselmo.com/camedia.sananselmo/action/getedgarwindow?accesscode=6066710000078","checked":"2026-11-29"}]' WHERE `id` = 'lowes' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'lowes' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its SEC filing; no opt-out channel named' WHERE `id` = 'lowes' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Target Corporation, 1000 Nicollet Mall, Minneapolis, MN 55403","source":"https://business.times-online.com/times-online/action/getedgarwindow?accesscode=110465913049193","checked":"2026-11-29"}]' WHERE `id` = 'target' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'target' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its SEC filing; no opt-out channel named' WHERE `id` = 'target' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Costco Wholesale Corporation, 999 Lake Drive, Issaquah, WA 98027","source":"https://sec.gov/Archives/edgar/data/909832/000090983223000004/0000909832-23-000004.txt","checked":"2026-11-29"}]' WHERE `id` = 'costco' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'costco' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address is its headquarters from its SEC filing; no opt-out channel named' WHERE `id` = 'costco' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"JPMorgan Chase & Co., 383 Madison Avenue, New York, NY 10017","source":"https://sec.gov/Archives/edgar/data/19617/000001961724000434/0000019617-24-000434.txt","checked":"2026-11-29","note":"corporate headquarters, from its SEC filing of 2024"}]' WHERE `id` = 'chase' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'chase' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"phone","value":"1-888-817-2970","note":"privacy-choices line, answered by a representative; it mainly limits information sharing, so ask explicitly to stop marketing mail"},{"kind":"mail","value":"Capital One, Attn: General Correspondence, P.O. Box 30285, Salt Lake City, UT 84130-0285","source":"https://eatsip365.com/the-capital-one-address-for-general-mail","checked":"2026-11-29","note":"general correspondence box, read on consumer guides rather than on capitalone.com"}]' WHERE `id` = 'capital-one' AND `channels` = '[{"kind":"phone","value":"1-888-817-2970","note":"privacy-choices line, answered by a representative; it mainly limits information sharing, so ask explicitly to stop marketing mail"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"phone","value":"1-866-402-1048","note":"privacy-choices line with an automated menu; it mainly limits information sharing, so ask explicitly to stop marketing mail"},{"kind":"mail","value":"Discover, P.O. Box 30421, Salt Lake City, UT 84130-0421","source":"https://www.discover.com/credit-cards/help-center/faqs/billing-errors.html","checked":"2026-11-29","note":"the address its card help pages give for written notices"}]' WHERE `id` = 'discover' AND `channels` = '[{"kind":"phone","value":"1-866-402-1048","note":"privacy-choices line with an automated menu; it mainly limits information sharing, so ask explicitly to stop marketing mail"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"phone","value":"1-800-327-1267","note":"line where cardmembers can have their names taken off direct mail and telemarketing offers; this can lapse after some years, so ask again then"},{"kind":"mail","value":"American Express Company, 200 Vesey Street, New York, NY 10285","source":"https://www.sec.gov/Archives/edgar/data/4962/000000496223000017/0000004962-23-000017.txt","checked":"2026-11-29","note":"corporate headquarters, from its SEC filing of 2023"}]' WHERE `id` = 'american-express' AND `channels` = '[{"kind":"phone","value":"1-800-327-1267","note":"line where cardmembers can have their names taken off direct mail and telemarketing offers; this can lapse after some years, so ask again then"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Citibank Customer Service, P.O. Box 6500, Sioux Falls, SD 57117","source":"https://online.citibank.com/US/JRS/portal/contactus.do?ID=ContactUsCards","checked":"2026-11-29","note":"general correspondence address for consumer cards"}]' WHERE `id` = 'citi' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'citi' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'card correspondence address from its contact page; no opt-out channel named' WHERE `id` = 'citi' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Bank of America Corporation, 100 North Tryon Street, Charlotte, NC 28255","source":"https://www.sec.gov/Archives/edgar/data/70858/000119312524136240/0001193125-24-136240.txt","checked":"2026-11-29","note":"corporate headquarters, from its SEC filing of 2024"}]' WHERE `id` = 'bank-of-america' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'bank-of-america' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"phone","value":"1-888-528-8460","note":"to change privacy preferences or opt out of marketing messages; a mail opt-out can lapse after a few years, so ask again then"},{"kind":"mail","value":"Wells Fargo & Company, 420 Montgomery Street, San Francisco, CA 94104","source":"https://business.woonsocketcall.com/woonsocketcall/action/getedgarwindow?accesscode=89710119000151","checked":"2026-11-29","note":"corporate headquarters, from its SEC filing of 2019"}]' WHERE `id` = 'wells-fargo' AND `channels` = '[{"kind":"phone","value":"1-888-528-8460","note":"to change privacy preferences or opt out of marketing messages; a mail opt-out can lapse after a few years, so ask again then"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"U.S. Bancorp, 800 Nicollet Mall, Minneapolis, MN 55402-7020","source":"https://sec.gov/Archives/edgar/data/36104/000119312524170036/0001193125-24-170036.txt","checked":"2026-11-29","note":"corporate headquarters, from its SEC filing of 2024"}]' WHERE `id` = 'us-bank' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'us-bank' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Barclays Card Services, P.O. Box 8801, Wilmington, DE 19899-8801","source":"https://cards.barclaycardus.com/banking/complaint-policy/","checked":"2026-11-29","note":"the address its complaint policy gives for letters"}]' WHERE `id` = 'barclays-us' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'barclays-us' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'card services address from its complaint policy; no opt-out channel named' WHERE `id` = 'barclays-us' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Synchrony Bank, P.O. Box 965030, Orlando, FL 32896-5030","source":"https://www.mysynchrony.com/mysyf/faqs.html","checked":"2026-11-29","note":"the address its help pages give for letters about an account"}]' WHERE `id` = 'synchrony' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'synchrony' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'correspondence address from its help pages; no opt-out channel named' WHERE `id` = 'synchrony' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Credit One Bank, P.O. Box 98873, Las Vegas, NV 89193-8873","source":"https://www.creditonebank.com/faqs","checked":"2026-11-29","note":"the address its help pages give for written requests"}]' WHERE `id` = 'credit-one-bank' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'credit-one-bank' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'correspondence address from its help pages; no opt-out channel named' WHERE `id` = 'credit-one-bank' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"phone","value":"1-800-762-2118","note":"automated privacy-choices menu; it mainly limits information sharing, so ask explicitly to stop marketing mail"},{"kind":"mail","value":"The PNC Financial Services Group, 300 Fifth Avenue, Pittsburgh, PA 15222-2401","source":"http://business.times-online.com/times-online/action/getedgarwindow?accesscode=71367619000015","checked":"2026-11-29","note":"corporate headquarters (The Tower at PNC Plaza), from its 10-K for 2018"}]' WHERE `id` = 'pnc' AND `channels` = '[{"kind":"phone","value":"1-800-762-2118","note":"automated privacy-choices menu; it mainly limits information sharing, so ask explicitly to stop marketing mail"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Truist Financial Corporation, 214 N. Tryon Street, Charlotte, NC 28202","source":"https://www.truist.com/privacy","checked":"2026-11-29","note":"the business address its online privacy statement gives"}]' WHERE `id` = 'truist' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'truist' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'business address from its privacy statement; no opt-out channel named' WHERE `id` = 'truist' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"TD Bank USA, 2035 Limestone Road, Wilmington, DE 19808","source":"https://weissratings.com/en/bank/33947/summary","checked":"2026-11-29","note":"main office of TD Bank USA, the card-issuing bank, as a ratings agency''s bank profile lists it (2025)"}]' WHERE `id` = 'td-bank' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'card bank''s main-office address from a ratings agency''s page; no opt-out channel named' WHERE `id` = 'td-bank' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Navy Federal Credit Union, 820 Follin Ln Se, Vienna, VA 22180","source":"http://vandanyc.com/5356","checked":"2026-11-29","note":"head-office address a third party''s payment guide gives (2017); confirm before relying on it"}]' WHERE `id` = 'navy-federal' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'head-office address from a third party''s guide of 2017; no opt-out channel named' WHERE `id` = 'navy-federal' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"web","value":"usaa.com/optout","note":"limits sharing with USAA affiliates for marketing; ask explicitly to stop marketing mail too"},{"kind":"phone","value":"800-531-7154","note":"automated privacy-choices menu"},{"kind":"mail","value":"USAA, 9800 Fredericksburg Road, San Antonio, TX 78288","source":"https://apps.tdi.state.tx.us/pcci/pcci_show_profile.jsp?tdiNum=86800&companyName=United%20Services%20Automobile%20Association&sysTypeCode=CL","checked":"2026-11-29","note":"mailing address of United Services Automobile Association in the Texas Department of Insurance company profile (figures to 2013)"}]' WHERE `id` = 'usaa' AND `channels` = '[{"kind":"web","value":"usaa.com/optout","note":"limits sharing with USAA affiliates for marketing; ask explicitly to stop marketing mail too"},{"kind":"phone","value":"800-531-7154","note":"automated privacy-choices menu"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Merrick Bank, 10705 South Jordan Gateway, South Jordan, UT 84095","source":"https://weissratings.com/en/bank/34519","checked":"2026-11-29","note":"main office as a ratings agency''s bank profile lists it"}]' WHERE `id` = 'merrick-bank' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'main-office address from a ratings agency''s page; no opt-out channel named' WHERE `id` = 'merrick-bank' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"SoFi Technologies, 234 1st Street, San Francisco, CA 94105","source":"https://annual-statements.com/company/sofi-technologies-inc/annual-report-2022-form-10k-35447","checked":"2026-11-29","note":"corporate headquarters, from its 10-K for 2022"}]' WHERE `id` = 'sofi' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'sofi' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"email","value":"privacy@lendingclub.com","note":"its privacy contact as of 2012; it may have changed since"},{"kind":"mail","value":"LendingClub Corporation, 595 Market Street Suite 200, San Francisco, CA 94105","source":"https://quarterlytics.com/company/lendingclub_lc/annual-report-2020","checked":"2026-11-29","note":"corporate headquarters, from its 10-K for 2020, read on a copy"}]' WHERE `id` = 'lendingclub' AND `channels` = '[{"kind":"email","value":"privacy@lendingclub.com","note":"its privacy contact as of 2012; it may have changed since"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Upstart Holdings, 2950 S. Delaware Street Suite 410, San Mateo, CA 94403","source":"https://sec.gov/Archives/edgar/data/1647639/000164763924000026/0001647639-24-000026.txt","checked":"2026-11-29","note":"corporate headquarters, from its SEC filing of 2024"}]' WHERE `id` = 'upstart' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'upstart' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Prosper Marketplace, 221 Main Street 3rd Floor, San Francisco, CA 94105","source":"http://www.sec.gov/Archives/edgar/data/1416265/000141626517000164/propser-123116x10k.htm","checked":"2026-11-29","note":"corporate headquarters, from its 10-K for 2016"}]' WHERE `id` = 'prosper' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing of 2016; no opt-out channel named' WHERE `id` = 'prosper' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"phone","value":"1-866-402-1048","note":"Discover Bank privacy-choices menu; it mainly limits information sharing, so ask explicitly to stop marketing mail"},{"kind":"mail","value":"Discover Financial Services, 2500 Lake Cook Road, Riverwoods, IL 60015","source":"https://www.sec.gov/Archives/edgar/data/1393612/000139361224000017/0001393612-24-000017.txt","checked":"2026-11-29","note":"headquarters of Discover Bank''s parent, from its SEC filing of 2024"}]' WHERE `id` = 'discover-personal-loans' AND `channels` = '[{"kind":"phone","value":"1-866-402-1048","note":"Discover Bank privacy-choices menu; it mainly limits information sharing, so ask explicitly to stop marketing mail"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"phone","value":"(888) 453-5230","note":"privacy-choices line; it mainly limits information sharing, so ask explicitly to stop marketing mail"},{"kind":"mail","value":"OneMain Holdings, 601 N.W. Second Street, Evansville, IN 47708","source":"https://quarterlytics.com/company/onemain_omf/annual-report-2023","checked":"2026-11-29","note":"corporate headquarters, from its annual report for 2023"}]' WHERE `id` = 'onemain' AND `channels` = '[{"kind":"phone","value":"(888) 453-5230","note":"privacy-choices line; it mainly limits information sharing, so ask explicitly to stop marketing mail"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Rocket Companies, 1050 Woodward Avenue, Detroit, MI 48226","source":"https://www.sec.gov/Archives/edgar/data/1805284/000104746920004269/a2242102zs-1a.htm","checked":"2026-11-29","note":"headquarters of its parent Rocket Companies, from its SEC registration of 2020"}]' WHERE `id` = 'rocket-mortgage' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'parent''s headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'rocket-mortgage' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Mr. Cooper Group, 8950 Cypress Waters Blvd, Coppell, TX 75019","source":"https://capedge.com/filing/933136/0000933136-25-000018/10K-2024FY","checked":"2026-11-29","note":"corporate headquarters, from its 10-K for 2024, read on a copy"}]' WHERE `id` = 'mr-cooper' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'mr-cooper' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"loanDepot, 26642 Towne Centre Drive, Foothill Ranch, CA 92610","source":"https://annual-statements.com/company/loandepot-inc/annual-report-2022-form-10k-115395","checked":"2026-11-29","note":"corporate headquarters, from its 10-K for 2022, read on a copy"}]' WHERE `id` = 'loandepot' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'loandepot' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"GEICO, One GEICO Plaza, Washington, DC 20076-0001","source":"https://info.5y1.org/business-2-business-geico_1_4aa278.html","checked":"2026-11-29","note":"address of GEICO Indemnity Company in a Texas Commissioner of Insurance order of 2022, read on a copy"}]' WHERE `id` = 'geico' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from a state insurance order; no opt-out channel named' WHERE `id` = 'geico' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"The Progressive Corporation, 6300 Wilson Mills Road, Mayfield Village, OH 44143","source":"https://sec.gov/Archives/edgar/data/80661/000119312511051378/d10k.htm","checked":"2026-11-29","note":"corporate headquarters, from its 10-K for 2010"}]' WHERE `id` = 'progressive' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'progressive' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"State Farm, 1 State Farm Plz, Bloomington, IL 61710-0001","source":"https://interactive.web.insurance.ca.gov/apex_extprd/f?p=144:61:3949293426226::NO:61:P61_COMPANY_ID:3067","checked":"2026-11-29","note":"address of State Farm Mutual Automobile Insurance Company in the California Department of Insurance company profile"}]' WHERE `id` = 'state-farm' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from a state insurance department''s profile; no opt-out channel named' WHERE `id` = 'state-farm' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"The Allstate Corporation, 2775 Sanders Road, Northbrook, IL 60062","source":"https://www.marketscreener.com/THE-ALLSTATE-CORPORATION-40311125/news/Allstate-Annual-report-which-provides-a-comprehensive-overview-of-the-company-for-the-past-year-28018457/","checked":"2026-11-29","note":"corporate headquarters, from its 10-K for 2018"}]' WHERE `id` = 'allstate' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'allstate' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Liberty Mutual Insurance Company, 175 Berkeley Street, Boston, MA 02116","source":"https://vdocuments.site/to-the-insurance-department-of-the-2020-03-03-boston-ma-us-02116-617-357-9500.html","checked":"2026-11-29","note":"mail address in its annual statement for 2019 to state insurance regulators, read on a copy"}]' WHERE `id` = 'liberty-mutual' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from a regulatory filing of 2020; no opt-out channel named' WHERE `id` = 'liberty-mutual' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Farmers Insurance Exchange, 6301 Owensmouth Ave, Woodland Hills, CA 91367-2216","source":"https://interactive.web.insurance.ca.gov/apex_extprd/f?p=144:61:7050728314630::NO:61:P61_COMPANY_ID:3062","checked":"2026-11-29","note":"address of Farmers Insurance Exchange in the California Department of Insurance company profile"}]' WHERE `id` = 'farmers' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from a state insurance department''s profile; no opt-out channel named' WHERE `id` = 'farmers' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Nationwide Life Insurance Company, One Nationwide Plaza, Columbus, OH 43215","source":"https://docoh.com/files/DIFF/S-1/0001193125-24-087178_0001193125-24-087183.htm.gz","checked":"2026-11-29","note":"principal executive offices of Nationwide Life Insurance Company, from its SEC registration of 2024, read on a copy"}]' WHERE `id` = 'nationwide' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from an SEC filing; no opt-out channel named' WHERE `id` = 'nationwide' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"The Hartford Financial Services Group, One Hartford Plaza, Hartford, CT 06155","source":"https://business.ricentral.com/ricentral/action/getedgarwindow?accesscode=95012309018047","checked":"2026-11-29","note":"principal executive office, from its SEC filing of 2009 (plan report for 2008), read on a copy"}]' WHERE `id` = 'the-hartford' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing of 2009; no opt-out channel named' WHERE `id` = 'the-hartford' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"UnitedHealth Group, 1 Health Drive, Eden Prairie, MN 55344","source":"https://cdn.financialreports.eu/financialreports/media/filings/29762/2025/RNS/29762_rns_2025-07-29_72a52114-7ab4-4e5b-80bf-d98eea9ae8aa.zip:/tmp/tarfile_extract_25q8lrin/other/0000731766-25-000228.txt","checked":"2026-11-29","note":"business and mail address of its parent UnitedHealth Group in an SEC filing of July 2025, read on a copy"}]' WHERE `id` = 'aarp-unitedhealthcare' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'parent''s headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'aarp-unitedhealthcare' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"CNO Financial Group, Attn: Colonial Penn, 11825 North Pennsylvania Street, Carmel, IN 46032","source":"https://sec.gov/Archives/edgar/data/1224608/000122460816000063/0001224608-16-000063.txt","checked":"2026-11-29","note":"headquarters of its parent CNO Financial Group, from its SEC filing of 2016"}]' WHERE `id` = 'colonial-penn' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'parent''s headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'colonial-penn' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Globe Life Inc., 3700 South Stonebridge Drive, McKinney, TX 75070","source":"https://capedge.com/filing/320335/0000320335-24-000010/GL-DEF14A","checked":"2026-11-29","note":"company headquarters, from its proxy statement of 2024, read on a copy"}]' WHERE `id` = 'globe-life' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'globe-life' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Mutual of Omaha, Mutual of Omaha Plaza, Omaha, NE 68175","source":"https://www.sec.gov/Archives/edgar/data/918659/000089180409001478/sb45955-485b.txt","checked":"2026-11-29","note":"principal executive offices of United of Omaha Life Insurance Company, from its SEC filing of 2009"}]' WHERE `id` = 'mutual-of-omaha' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from an SEC filing of 2009; no opt-out channel named' WHERE `id` = 'mutual-of-omaha' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Lemonade, 5 Crosby Street 3rd Floor, New York, NY 10013","source":"https://annual-statements.com/company/lemonade-inc/annual-report-2022-form-10k-71486","checked":"2026-11-29","note":"corporate headquarters, from its 10-K for 2022, read on a copy"}]' WHERE `id` = 'lemonade' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'lemonade' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Aflac Incorporated, 1932 Wynnton Road, Columbus, GA 31999","source":"https://www.sec.gov/Archives/edgar/data/4977/000110465924097740/tm2423327-1_s3asr.htm","checked":"2026-11-29","note":"principal executive offices, from its SEC registration of 2024"}]' WHERE `id` = 'aflac' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'aflac' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"phone","value":"1-800-228-9100","note":"call if you no longer want to receive promotional mail"},{"kind":"mail","value":"Physicians Mutual Insurance Company, 2600 Dodge Street, Omaha, NE 68131","source":"https://laurenscitycats.org/complaints-against-physicians-mutual-insurance-2224","checked":"2026-11-29","note":"address in the Nebraska Department of Insurance examination report adopted in 2022, read on a copy"}]' WHERE `id` = 'physicians-mutual' AND `channels` = '[{"kind":"phone","value":"1-800-228-9100","note":"call if you no longer want to receive promotional mail"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"CNO Financial Group, Attn: Bankers Life, 11825 North Pennsylvania Street, Carmel, IN 46032","source":"https://sec.gov/Archives/edgar/data/1224608/000122460816000063/0001224608-16-000063.txt","checked":"2026-11-29","note":"headquarters of its parent CNO Financial Group, from its SEC filing of 2016"}]' WHERE `id` = 'bankers-life' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'parent''s headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'bankers-life' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"IAC Inc., Attn: Dotdash Meredith, 555 West 18th Street, New York, NY 10011","note":"its parent''s principal executive offices, as the cover page of its 10-K for 2023 gives them (a copy of the filing); the attention line names the publisher; ask them to stop sending subscription offers","source":"https://quarterlytics.com/company/iac_iac/annual-report-2023","checked":"2026-11-29"}]' WHERE `id` = 'dotdash-meredith' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'dotdash-meredith' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'parent''s headquarters address from its 10-K for 2023; no opt-out channel named' WHERE `id` = 'dotdash-meredith' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"National Geographic, Attn: Business and Legal Affairs, 1145 17th Street NW, Washington, DC 20036","note":"the address its terms of service give for notices of dispute (c/o Business and Legal Affairs), read in a copy of those terms on an unrelated site; ask them to stop sending offers","source":"http://digibook4u.com/calculadora-de-numerologia-tamil-numerologia-por-fecha-de-nacimiento/","checked":"2026-11-29"}]' WHERE `id` = 'national-geographic' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'notices address from a copy of its terms of service; no opt-out channel named' WHERE `id` = 'national-geographic' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Consumer Reports Member Services, 101 Truman Avenue, Yonkers, NY 10703","note":"the Member Services address its privacy policy gives; ask them to stop sending offers","source":"https://inventory.consumerreports.org/cro/customerservice/privacy-policy/protection-of-information/index.htm","checked":"2026-11-29"}]' WHERE `id` = 'consumer-reports' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'consumer-reports' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its privacy policy; no opt-out channel named' WHERE `id` = 'consumer-reports' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"The Economist Subscription Center, PO Box 46978, St Louis, MO 63146-6978","note":"the subscription-center box a third-party cancellation guide gives for mail (not its own page); ask them to stop sending subscription offers","source":"https://www.6ya.com/guides/four-100-working-methods-cancel-the-economist-subscription","checked":"2026-11-29"}]' WHERE `id` = 'the-economist' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'subscription-center box from a third-party guide; no opt-out channel named' WHERE `id` = 'the-economist' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"News Corporation, Attn: The Wall Street Journal, 1211 Avenue of the Americas, New York, NY 10036","note":"its parent''s principal executive offices, as the cover page of its November 2018 Form 8-K gives them (a copy of the filing); the attention line names the paper; ask them to stop sending subscription offers","source":"https://docslib.org/doc/5283855/for-personal-use-only-use-personal-for","checked":"2026-11-29"}]' WHERE `id` = 'wall-street-journal' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'wall-street-journal' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'parent''s headquarters address from its 2018 SEC filing; no opt-out channel named' WHERE `id` = 'wall-street-journal' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"The New York Times Company, 620 Eighth Avenue, New York, NY 10018","note":"its principal executive offices, as the cover page of its 10-K for 2017 gives them; ask them to stop sending subscription offers","source":"https://vdocuments.net/washington-dc-print-production-and-distribution-4-raw-materials-5-employees.html","checked":"2026-11-29"}]' WHERE `id` = 'new-york-times' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'new-york-times' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its 2017 10-K; no opt-out channel named' WHERE `id` = 'new-york-times' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Smithsonian Magazine, Attn: MRC 951, P.O. Box 37012, Washington, DC 20013-7012","note":"the correspondence address the magazine printed in 2002; staff should confirm it is still used; ask them to stop sending offers","source":"https://www.smithsonianmag.com/history/mail-call-60964390/","checked":"2026-11-29"}]' WHERE `id` = 'smithsonian' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'magazine''s correspondence address from its own 2002 page; no opt-out channel named' WHERE `id` = 'smithsonian' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"St. Jude Children''s Research Hospital, 501 St. Jude Place, Memphis, TN 38105","note":"the address its workplace-giving (CFC) charity listing gives (undated third-party page); ask them to stop sending appeals","source":"http://www.charitychoices.com/charities/StJudeChild/default.asp","checked":"2026-11-29"}]' WHERE `id` = 'st-jude' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'address from an undated third-party charity listing; no opt-out channel named' WHERE `id` = 'st-jude' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"American Red Cross, 431 18th Street NW Suite 8000, Washington, DC 20006","note":"its national office, as a 2020 third-party page lists it (not its own page); staff should confirm the suite; ask them to stop sending appeals","source":"https://smart-union.org/red-cross-urgent-need-for-assistance/","checked":"2026-11-29"}]' WHERE `id` = 'american-red-cross' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'national office address from a 2020 third-party page; no opt-out channel named' WHERE `id` = 'american-red-cross' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"ASPCA, 424 E. 92nd Street, New York, NY 10128","note":"the address its FAQ gives for written requests; ask them to stop sending mail appeals","source":"https://www.aspca.org/about-us/faq","checked":"2026-11-29"}]' WHERE `id` = 'aspca' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'aspca' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its own FAQ page; no opt-out channel named' WHERE `id` = 'aspca' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"UNICEF USA, 125 Maiden Lane, New York, NY 10038","note":"the address its FAQ gives for mailed gifts; ask them to stop sending appeals","source":"http://unicefusa.org/about/faq","checked":"2026-11-29"}]' WHERE `id` = 'unicef-usa' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'unicef-usa' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its own FAQ page; no opt-out channel named' WHERE `id` = 'unicef-usa' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"World Wildlife Fund, 1250 24th Street NW, Washington, DC 20037","note":"its headquarters, as a 2016 charity review gives it; ask them to stop sending appeals","source":"http://give.org/charity-reviews/national/environment/world-wildlife-fund-in-washington-dc-2988","checked":"2026-11-29"}]' WHERE `id` = 'world-wildlife-fund' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from a 2016 charity review; no opt-out channel named' WHERE `id` = 'world-wildlife-fund' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Smile Train, 633 Third Ave 9th Floor, New York, NY 10017","note":"its main address as it reports it to GuideStar; ask them to stop sending appeals","source":"https://nonprofitdirectory.guidestar.org/profile?appKey=FAAF72CF5B744145BF1BBC40DC6E96A0&buttons=false&ein=13-3661416","checked":"2026-11-29"}]' WHERE `id` = 'smile-train' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'smile-train' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address it reports to GuideStar; no opt-out channel named' WHERE `id` = 'smile-train' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Paralyzed Veterans of America, 801 18th Street NW, Washington, DC 20006","note":"its headquarters, as charity reviews give it; ask them to stop sending appeals","source":"http://give.org/charity-reviews/national/veterans-and-military/paralyzed-veterans-of-america-in-washington-dc-2621","checked":"2026-11-29"}]' WHERE `id` = 'paralyzed-veterans-of-america' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'paralyzed-veterans-of-america' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from charity reviews; no opt-out channel named' WHERE `id` = 'paralyzed-veterans-of-america' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Feeding America, 161 North Clark Street Suite 700, Chicago, IL 60601","note":"its address on its Form 990 for the year to June 2023; ask them to stop sending appeals","source":"https://storage.googleapis.com/irs_990_xmls/202421219349301757_public.xml","checked":"2026-11-29"}]' WHERE `id` = 'feeding-america' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'feeding-america' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its Form 990; no opt-out channel named' WHERE `id` = 'feeding-america' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Special Olympics, 1133 19th Street NW, Washington, DC 20036-3604","note":"its headquarters, as a 2024 charity review gives it; ask them to stop sending appeals","source":"http://www.charitywatch.org/ratings-and-metrics/special-olympics/471","checked":"2026-11-29"}]' WHERE `id` = 'special-olympics' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'special-olympics' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from a 2024 charity review; no opt-out channel named' WHERE `id` = 'special-olympics' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"The Nature Conservancy, 4245 North Fairfax Drive Suite 100, Arlington, VA 22203-1606","note":"its world headquarters, as its own 2014 prospectus gives it; ask them to stop sending appeals","source":"https://docslib.org/doc/1373971/the-conservation-note-prospectus","checked":"2026-11-29"}]' WHERE `id` = 'nature-conservancy' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'nature-conservancy' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its own prospectus; no opt-out channel named' WHERE `id` = 'nature-conservancy' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"American Cancer Society, 250 Williams Street NW, Atlanta, GA 30303","note":"its headquarters, as a 2012 charity review gives it; its later filings place some offices in Kennesaw, GA, so staff should confirm; ask them to stop sending appeals","source":"http://give.org/charity-reviews/national/cancer/american-cancer-society-in-atlanta-ga-186","checked":"2026-11-29"}]' WHERE `id` = 'american-cancer-society' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from a 2012 charity review; no opt-out channel named' WHERE `id` = 'american-cancer-society' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Easter Seals Inc., 233 South Wacker Drive Suite 2400, Chicago, IL 60606-6410","note":"its headquarters on its Form 990 for 2013 (a copy of the return); it may have moved since, so staff should confirm; ask them to stop sending appeals","source":"https://kipdf.com/do-not-enter-social-security-numbers-on-this-form-as-it-may-be-made-public_5b0e3ac77f8b9a7a928b45c1.html","checked":"2026-11-29"}]' WHERE `id` = 'easterseals' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its 2013 Form 990; no opt-out channel named' WHERE `id` = 'easterseals' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Tunnel to Towers Foundation, 2361 Hylan Boulevard, Staten Island, NY 10306","note":"its headquarters, as its encyclopedia entry gives it (not its own page); ask them to stop sending appeals","source":"https://en.wikipedia.org/wiki/Tunnel_to_Towers_Foundation","checked":"2026-11-29"}]' WHERE `id` = 'tunnel-to-towers' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from an encyclopedia entry; no opt-out channel named' WHERE `id` = 'tunnel-to-towers' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Arbor Day Foundation, 100 Arbor Avenue, Nebraska City, NE 68410","note":"the address on its 2016-2017 annual report; ask them to stop sending mail","source":"https://slidelegend.com/annual-arbor-day-foundation_5a74ba511723dd662a4173ac.html","checked":"2026-11-29"}]' WHERE `id` = 'arbor-day-foundation' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'arbor-day-foundation' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its own annual report; no opt-out channel named' WHERE `id` = 'arbor-day-foundation' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Alzheimer''s Association, 225 N. Michigan Ave. 17th Floor, Chicago, IL 60601-7633","note":"its address on its Form 990 for the year to June 2020; ask them to stop sending appeals","source":"https://pdfslide.us/documents/alzheimer-s-disease-amp-related-disorders-association-inc.html","checked":"2026-11-29"}]' WHERE `id` = 'alzheimers-association' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'alzheimers-association' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its Form 990; no opt-out channel named' WHERE `id` = 'alzheimers-association' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Heifer International, P.O. Box 8058, Little Rock, AR 72203","note":"the post-office box its charity profile lists beside its One World Avenue headquarters (profile rated on its 2020 Form 990); ask them to stop sending appeals","source":"https://www.charitynavigator.org/ein/351019477?fromlistid=481&from=macarthur&donateNow","checked":"2026-11-29"}]' WHERE `id` = 'heifer-international' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'heifer-international' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its charity profile; no opt-out channel named' WHERE `id` = 'heifer-international' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Save the Children, 501 Kings Highway East Suite 400, Fairfield, CT 06825","note":"its headquarters, as its encyclopedia entry gives it (not its own page); ask them to stop sending appeals","source":"https://en.wikipedia.org/wiki/Save_the_Children_USA","checked":"2026-11-29"}]' WHERE `id` = 'save-the-children' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from an encyclopedia entry; no opt-out channel named' WHERE `id` = 'save-the-children' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Covenant House, 5 Penn Plaza 3rd Floor, New York, NY 10001","note":"the mailing address an undated third-party ministry profile lists (it prints the ZIP as 10001-0001, shortened here to 10001); staff should confirm; ask them to stop sending appeals","source":"https://briinstitute.com/mw/ministry.php?ein=132725476","checked":"2026-11-29"}]' WHERE `id` = 'covenant-house' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'mailing address from an undated third-party profile; no opt-out channel named' WHERE `id` = 'covenant-house' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"American Heart Association, 7272 Greenville Avenue, Dallas, TX 75231","note":"its main address as it reports it to GuideStar; ask them to stop sending appeals","source":"https://www.guidestar.org/profile/13-5613797","checked":"2026-11-29"}]' WHERE `id` = 'american-heart-association' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'american-heart-association' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address it reports to GuideStar; no opt-out channel named' WHERE `id` = 'american-heart-association' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"phone","value":"1-844-963-0138","note":"privacy-rights line (delete, do not sell) under state privacy laws; ask explicitly to stop marketing mail too"},{"kind":"web","value":"https://www.xfinity.com/privacy/policy/staterights","note":"page links to its Individual Rights Request form"},{"kind":"mail","value":"Comcast Corporation, One Comcast Center, Philadelphia, PA 19103-2838","source":"https://quarterlytics.com/company/comcast_cmcsa/annual-report-2023","checked":"2026-11-29","note":"its head office as its 2023 SEC filing gives it (read on a faithful copy of the filing); no privacy or opt-out postal address is published, so ask them to stop marketing mail"}]' WHERE `id` = 'comcast-xfinity' AND `channels` = '[{"kind":"phone","value":"1-844-963-0138","note":"privacy-rights line (delete, do not sell) under state privacy laws; ask explicitly to stop marketing mail too"},{"kind":"web","value":"https://www.xfinity.com/privacy/policy/staterights","note":"page links to its Individual Rights Request form"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"phone","value":"1-855-75-SPECTRUM","note":"the same opt-out (mail, calls, door-to-door) can also be made on Spectrum''s privacy page online"},{"kind":"mail","value":"Charter Communications Inc., 400 Washington Blvd., Stamford, CT 06902","source":"https://ir.spectrum.com/node/33831/html","checked":"2026-11-29","note":"its head office as its 2024 proxy statement on its own investor site gives it; no privacy or opt-out postal address is published, so ask them to stop marketing mail"}]' WHERE `id` = 'spectrum' AND `channels` = '[{"kind":"phone","value":"1-855-75-SPECTRUM","note":"the same opt-out (mail, calls, door-to-door) can also be made on Spectrum''s privacy page online"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"phone","value":"1-800-288-2020","note":"AT&T residential care: ask to be added to the internal Do Not Mail list; processed in about 30 days, some promotional mail may continue"},{"kind":"mail","value":"AT&T Inc., 208 S. Akard St., Dallas, TX 75202","source":"https://finance.cortemadera.com/camedia.cortemadera/action/getedgarwindow?accesscode=119312516478512","checked":"2026-11-29","note":"its head office as its SEC filing gives it; a letter asking to be put on its internal Do Not Mail list"}]' WHERE `id` = 'att' AND `channels` = '[{"kind":"phone","value":"1-800-288-2020","note":"AT&T residential care: ask to be added to the internal Do Not Mail list; processed in about 30 days, some promotional mail may continue"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Verizon Communications Inc., 1095 Avenue of the Americas, New York, NY 10036","source":"https://capedge.com/filing/732712/0001193125-16-473367/10K-2015FY","checked":"2026-11-29","note":"its head office as its annual report gives it; no privacy or opt-out postal address is published, so ask them to stop marketing mail"}]' WHERE `id` = 'verizon' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its annual report; no opt-out channel named' WHERE `id` = 'verizon' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"T-Mobile US, Inc., 12920 SE 38th Street, Bellevue, WA 98006","source":"https://sec.gov/Archives/edgar/data/1283699/000114036120014592/0001140361-20-014592.txt","checked":"2026-11-29","note":"its head office as its SEC filing gives it; no privacy or opt-out postal address is published, so ask them to stop marketing mail"}]' WHERE `id` = 't-mobile' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 't-mobile' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"DIRECTV LLC, Attn: Customer Service, P.O. Box 6550, Greenwood Village, CO 80155-6550","source":"http://www.directsattv.com/directv/legalpolicy.html","checked":"2026-11-29","note":"the customer service address in its customer agreement; ask them to stop marketing mail"}]' WHERE `id` = 'directv' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'directv' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'customer service address from its customer agreement; no opt-out channel named' WHERE `id` = 'directv' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"web","value":"https://privacy.dish.com","note":"DISH Privacy Portal for state privacy requests (do not sell, delete); ask explicitly to stop marketing mail too"},{"kind":"mail","value":"DISH Network Corporation, 9601 South Meridian Boulevard, Englewood, CO 80112","source":"https://quarterlytics.com/company/dish-network_dish/annual-report-2023","checked":"2026-11-29","note":"its head office as its 2023 SEC filing gives it (read on a faithful copy of the filing); no privacy or opt-out postal address is published, so ask them to stop marketing mail"}]' WHERE `id` = 'dish' AND `channels` = '[{"kind":"web","value":"https://privacy.dish.com","note":"DISH Privacy Portal for state privacy requests (do not sell, delete); ask explicitly to stop marketing mail too"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"phone","value":"(800)-699-0885","note":"for California privacy-rights requests (know, delete, opt out of sale) by phone; ask explicitly for removal from marketing mail"},{"kind":"web","value":"https://www.cox.com/aboutus/policies/ccpa.html","note":"Cox California privacy page with a button to submit a privacy-rights request; identity is verified first"},{"kind":"mail","value":"Cox Communications, 6205-B Peachtree Dunwoody Road, Atlanta, GA 30328","source":"https://cox.com/aboutus/policies/law-enforcement-and-subpoenas-information.html","checked":"2026-11-29","note":"the company''s physical address as its own legal-process page gives it (2025); no privacy or opt-out postal address is published, so ask them to stop marketing mail"}]' WHERE `id` = 'cox' AND `channels` = '[{"kind":"phone","value":"(800)-699-0885","note":"for California privacy-rights requests (know, delete, opt out of sale) by phone; ask explicitly for removal from marketing mail"},{"kind":"web","value":"https://www.cox.com/aboutus/policies/ccpa.html","note":"Cox California privacy page with a button to submit a privacy-rights request; identity is verified first"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Altice USA Inc., 1 Court Square West, Long Island City, NY 11101","source":"https://investors.alticeusa.com/sec-filings/all-sec-filings/content/0001628280-19-002370/a2018123110-kalticeusa.htm","checked":"2026-11-29","note":"its head office as its annual report gives it; no privacy or opt-out postal address is published, so ask them to stop marketing mail"}]' WHERE `id` = 'optimum' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its annual report; no opt-out channel named' WHERE `id` = 'optimum' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Frontier Communications, P.O. Box 9608, New Haven, CT 06535","source":"https://frontier.com/helpcenter/internet/terms-faq","checked":"2026-11-29","note":"the address its help center gives for customers'' written notices; ask them to stop marketing mail"}]' WHERE `id` = 'frontier' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'frontier' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'customer written-notice address from its help center; no opt-out channel named' WHERE `id` = 'frontier' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Lumen Technologies Inc., 100 CenturyLink Drive, Monroe, LA 71203","source":"https://docslib.org/doc/12951894/lumen-technologies-annual-report-2021","checked":"2026-11-29","note":"its head office as its annual report gives it; no privacy or opt-out postal address is published, so ask them to stop marketing mail"}]' WHERE `id` = 'lumen-centurylink' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its annual report; no opt-out channel named' WHERE `id` = 'lumen-centurylink' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Windstream Holdings Inc., 4001 Rodney Parham Road, Little Rock, AR 72212","source":"https://www.sec.gov/Archives/edgar/data/1282266/000128226617000013/a201610k.htm","checked":"2026-11-29","note":"its head office as its annual report gives it; no privacy or opt-out postal address is published, so ask them to stop marketing mail"}]' WHERE `id` = 'windstream-kinetic' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its annual report; no opt-out channel named' WHERE `id` = 'windstream-kinetic' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Hughes Network Systems LLC, 11717 Exploration Lane, Germantown, MD 20876","source":"http://www.getfilings.com/sec-filings/110307/Hughes-Network-Systems-LLC_10-K/","checked":"2026-11-29","note":"its head office as its annual report gives it; no privacy or opt-out postal address is published, so ask them to stop marketing mail"}]' WHERE `id` = 'hughesnet' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its annual report; no opt-out channel named' WHERE `id` = 'hughesnet' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Viasat Inc., 6155 El Camino Real, Carlsbad, CA 92009","source":"https://investors.viasat.com/node/17296/html","checked":"2026-11-29","note":"its head office as its annual report gives it; no privacy or opt-out postal address is published, so ask them to stop marketing mail"}]' WHERE `id` = 'viasat' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its annual report; no opt-out channel named' WHERE `id` = 'viasat' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"phone","value":"1-866-303-5603","note":"Listener Care, which keeps its Do Not Call list; ask explicitly for removal from mail too"},{"kind":"mail","value":"Sirius XM Holdings Inc., 1221 Avenue of the Americas 35th Fl., New York, NY 10020","source":"https://sec.gov/Archives/edgar/data/908937/000110465924071939/0001104659-24-071939.txt","checked":"2026-11-29","note":"its head office as its 2024 SEC filing gives it; ask them to stop marketing mail"}]' WHERE `id` = 'siriusxm' AND `channels` = '[{"kind":"phone","value":"1-866-303-5603","note":"Listener Care, which keeps its Do Not Call list; ask explicitly for removal from mail too"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Mediacom Communications Corporation, 1 Mediacom Way, Mediacom Park, NY 10918","source":"https://docslib.org/doc/4852950/mediacom-llc","checked":"2026-11-29","note":"its head office as its 2018 annual report gives it; no privacy or opt-out postal address is published, so ask them to stop marketing mail"}]' WHERE `id` = 'mediacom' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its annual report; no opt-out channel named' WHERE `id` = 'mediacom' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"ADT Inc., 1501 Yamato Road, Boca Raton, FL 33431","source":"https://www.sec.gov/Archives/edgar/data/1703056/000170305624000019/0001703056-24-000019.txt","checked":"2026-11-29","note":"its head office as its SEC filing gives it; no privacy or opt-out postal address is published, so ask them to stop marketing mail"}]' WHERE `id` = 'adt' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'adt' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Vivint LLC, 3401 Ashton Blvd, Lehi, UT 84043","source":"https://www.vivint.com/legal/terms-of-services","checked":"2026-11-29","note":"the contact address in its terms of service; ask them to stop marketing mail"}]' WHERE `id` = 'vivint' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'vivint' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'contact address from its terms of service; no opt-out channel named' WHERE `id` = 'vivint' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Terminix Global Holdings Inc., 150 Peabody Place, Memphis, TN 38103","source":"https://annual-statements.com/company/terminix-global-holdings-inc/annual-report-2020-form-10k-34924","checked":"2026-11-29","note":"its head office as its 2020 annual report gives it, before Rentokil bought it; no privacy or opt-out postal address is published, so ask them to stop marketing mail"}]' WHERE `id` = 'terminix' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its annual report; no opt-out channel named' WHERE `id` = 'terminix' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Rollins Inc., 2170 Piedmont Road NE, Atlanta, GA 30324","source":"http://www.rocketfinancial.com/FetchDoc.aspx?fid=5127408","checked":"2026-11-29","note":"head office of Orkin''s parent as its SEC filing gives it; no privacy or opt-out postal address is published, so ask them to stop Orkin''s marketing mail"}]' WHERE `id` = 'orkin' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'parent''s headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'orkin' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"TruGreen, Attn: Privacy Policy Administrator, 860 Ridge Lake Boulevard, Memphis, TN 38120","source":"https://github.com/citp/privacy-policy-historical/blob/08ee81cffaeb8a46435819f22f72458bce617cac/t/tr/tru/trugreen.com.md","checked":"2026-11-29","note":"the address its privacy policy gave (as archived in 2018, read in a faithful copy) for Do Not Mail requests to the administrator of its privacy policy; ask them to put you on their Do Not Mail list"}]' WHERE `id` = 'trugreen' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'Do Not Mail postal address from its 2018 privacy policy, read in a copy' WHERE `id` = 'trugreen' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Andersen Windows Inc., Attn: Andersen Service Center, 100 Fourth Avenue North, Bayport, MN 55003-1096","source":"https://esmanual.top/manual/890467/Andersen-Windows-And-Doors-200-Serie.html?page=22","checked":"2026-11-29","note":"the customer service address of its parent, from an Andersen warranty; no Renewal by Andersen privacy or opt-out postal address is published, so ask them to stop Renewal by Andersen''s marketing mail"}]' WHERE `id` = 'renewal-by-andersen' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'parent''s customer service address from its warranty; no opt-out channel named' WHERE `id` = 'renewal-by-andersen' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Sunrun Inc., 225 Bush Street Suite 1400, San Francisco, CA 94104","source":"https://annual-statements.com/company/sunrun-inc/annual-report-2019-form-10k-27325","checked":"2026-11-29","note":"its head office as its 2019 annual report gives it; no privacy or opt-out postal address is published, so ask them to stop marketing mail"}]' WHERE `id` = 'sunrun' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its annual report; no opt-out channel named' WHERE `id` = 'sunrun' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Endurance Dealer Services LLC, 400 Skokie Blvd Suite 105, Northbrook, IL 60062","source":"https://fdocuments.net/document/vehicle-service-contract-endurance-warranty-vsc-01d-spm-eds-2012-rev-215.html","checked":"2026-11-29","note":"the administrator address printed on its vehicle service contract; ask them to stop marketing mail"}]' WHERE `id` = 'endurance-warranty' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `confidence` = 'medium' WHERE `id` = 'endurance-warranty' AND `confidence` = 'low';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'administrator address from its service contract; no opt-out channel named' WHERE `id` = 'endurance-warranty' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Sears Holdings Management Corporation, Attn: Legal Intake, 3333 Beverly Road, Hoffman Estates, IL 60179","source":"https://github.com/citp/privacy-policy-historical/blob/c44dd46e37b234acebfa67d086bfb65a78059f60/s/se/sea/searshomeservices.com.md","checked":"2026-11-29","note":"the postal address its privacy policy gave for privacy questions (as archived in 2016, read in a faithful copy); an old source, so it may no longer reach the business; ask them to stop marketing mail"}]' WHERE `id` = 'sears-home-services' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its 2016 privacy policy, read in a copy; no opt-out channel named' WHERE `id` = 'sears-home-services' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"frontdoor inc., 150 Peabody Place, Memphis, TN 38103","source":"https://sec.gov/Archives/edgar/data/1727263/000095012319000748/filename1.htm","checked":"2026-11-29","note":"head office of its parent as its 2019 SEC filing gives it; no privacy or opt-out postal address is published, so ask them to stop American Home Shield''s marketing mail"}]' WHERE `id` = 'american-home-shield' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'parent''s headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'american-home-shield' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Jiffy Lube, Attn: Customer Service, P.O. Box 4427, Houston, TX 77210-4458","source":"https://github.com/citp/privacy-policy-historical/blob/5f5162c5a4865dc74240da8fe9a97c68cda26999/j/ji/jif/jiffylube.com.md","checked":"2026-11-29","note":"the postal address its privacy statement gave for privacy questions (as archived in 2016, read in a faithful copy); its 2011 version gave P.O. Box 4458 with the same ZIP; ask them to remove you from their mailing lists"}]' WHERE `id` = 'jiffy-lube' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its 2016 privacy statement, read in a copy' WHERE `id` = 'jiffy-lube' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Valvoline Inc., 100 Valvoline Way Suite 100, Lexington, KY 40509","source":"https://capedge.com/files/DIFF/10-K/0001674910-22-000135_0001674910-23-000125.htm.gz","checked":"2026-11-29","note":"its head office as its 2023 SEC filing gives it (read on a faithful copy of the filing); no privacy or opt-out postal address is published, so ask them to stop marketing mail"}]' WHERE `id` = 'valvoline' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'valvoline' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Chemed Corporation, 255 E. Fifth Street Suite 2600, Cincinnati, OH 45202","source":"http://archive.fast-edgar.com/20260624/APZZB222H222D2Z2222M22ZAPBNAZ22S2482","checked":"2026-11-29","note":"head office of Roto-Rooter''s parent as its 2026 SEC filing gives it; no privacy or opt-out postal address is published, so ask them to stop Roto-Rooter''s marketing mail"}]' WHERE `id` = 'roto-rooter' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'parent''s headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'roto-rooter' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Kohler Co., Attn: Privacy Policy, 444 Highland Drive M/S 019, Kohler, WI 53044","source":"https://github.com/citp/privacy-policy-historical/blob/09a1f56eaf5f35f95e117af64a555511ee2aa6b5/k/ko/koh/kohler.com.md","checked":"2026-11-29","note":"the opt-out postal address of its parent''s privacy statement (as archived in 2012, read in a faithful copy); ask them to remove you from Kohler Walk-In Bath''s mailing list"}]' WHERE `id` = 'kohler-walk-in-bath' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'parent''s opt-out postal address from its 2012 privacy statement, read in a copy' WHERE `id` = 'kohler-walk-in-bath' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Path2Response LLC, 390 Interlocken Crescent Suite 350, Broomfield, CO 80021","source":"https://github.com/your-digital-rights/data-brokers/blob/e87edebaf7851459c90b751347e84d38325fa231/backend/data/data-brokers-california.csv","checked":"2026-11-29","note":"its address in California''s data broker registry as filed in 2021 (read in a copy of the registry); ask them to stop selling or renting your name for marketing mail"}]' WHERE `id` = 'path2response' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its 2021 California data broker registration, read in a copy' WHERE `id` = 'path2response' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Speedeon Data LLC, 5875 Landerbrook Dr. Suite 130, Cleveland, OH 44124","source":"https://github.com/your-digital-rights/data-brokers/blob/e87edebaf7851459c90b751347e84d38325fa231/backend/data/data-brokers-california.csv","checked":"2026-11-29","note":"its address in California''s data broker registry as filed in 2020 (read in a copy of the registry); ask them to stop selling or renting your name for marketing mail"}]' WHERE `id` = 'speedeon' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its 2020 California data broker registration, read in a copy' WHERE `id` = 'speedeon' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Dun & Bradstreet Holdings Inc., 5335 Gate Parkway, Jacksonville, FL 32256","source":"https://www.sec.gov/Archives/edgar/data/1799208/000110465924051611/tm242801-d6_def14a.htm","checked":"2026-11-29","note":"its head office as its 2024 SEC filing gives it; no privacy or opt-out postal address is published, so ask them to stop selling or renting your name for marketing mail"}]' WHERE `id` = 'dun-bradstreet' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'dun-bradstreet' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"ALC Inc., 750 College Road East Suite 201, Princeton, NJ 08540","source":"https://github.com/aladynjr/vermont-state-data-brokers-scraper/blob/046fe2b47554abbe5dd4e9e2a20b3078ef5400d8/scrape/Sample.csv","checked":"2026-11-29","note":"its address in Vermont''s data broker registry (a filing now expired, read in a copy of the registry); its 2021 California filing, as ALC LLC, gives the same street; ask them to stop selling or renting your name for marketing mail"}]' WHERE `id` = 'american-list-counsel' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its Vermont data broker registration, read in a copy' WHERE `id` = 'american-list-counsel' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"American Mailing List Corporation, 9625 Surveyor Court Suite 400, Manassas, VA 20110","note":"its company address; no opt-out method is published, so write to ask them to take you off their lists"}]' WHERE `id` = 'amlc' AND `channels` = '[{"kind":"mail","value":"American Mailing List Corporation, 9625 Surveyor Court, Suite 400, Manassas, VA 20110","note":"its company address; no opt-out method is published, so write to ask them to take you off their lists"}]';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Anchor Computer Inc., 1900 New Hwy, Farmingdale, NY 11735","source":"https://github.com/your-digital-rights/data-brokers/blob/e87edebaf7851459c90b751347e84d38325fa231/backend/data/data-brokers-california.csv","checked":"2026-11-29","note":"its address in California''s data broker registry as filed in 2020 (read in a copy of the registry); ask them to stop selling or renting your name for marketing mail"}]' WHERE `id` = 'anchor-computer' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its 2020 California data broker registration, read in a copy' WHERE `id` = 'anchor-computer' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Belardi Wong, 39 Broadway Floor 32, New York, NY 10006","source":"https://github.com/your-digital-rights/data-brokers/blob/e87edebaf7851459c90b751347e84d38325fa231/backend/data/data-brokers-california.csv","checked":"2026-11-29","note":"its address in California''s data broker registry as filed in 2020 (read in a copy of the registry); ask them to stop selling or renting your name for marketing mail"}]' WHERE `id` = 'belardi-wong' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its 2020 California data broker registration, read in a copy' WHERE `id` = 'belardi-wong' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Lighthouse List Company LLC, 27 SE 24th Ave Suite 6, Pompano Beach, FL 33062","source":"https://github.com/your-digital-rights/data-brokers/blob/e87edebaf7851459c90b751347e84d38325fa231/backend/data/data-brokers-california-old.csv","checked":"2026-11-29","note":"its address in California''s data broker registry as filed in 2020 (read in a copy of the registry); ask them to stop selling or renting your name for marketing mail"}]' WHERE `id` = 'lighthouse-list' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its 2020 California data broker registration, read in a copy' WHERE `id` = 'lighthouse-list' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Deluxe Corporation, 801 S. Marquette Ave., Minneapolis, MN 55402","source":"https://cdn.financialreports.eu/financialreports/media/filings/32349/2024/RNS/32349_rns_2024-11-18_9fa2f1df-a434-435b-b11a-ba194163aa59.zip:/tmp/tarfile_extract_7st8w5_5/other/0001104659-24-119968.txt","checked":"2026-11-29","note":"its head office as its 2024 SEC filing gives it; no privacy or opt-out postal address is published, so ask them to stop selling or renting your name for marketing mail"}]' WHERE `id` = 'deluxe-datamyx' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'deluxe-datamyx' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Oracle Corporation, 2300 Oracle Way, Austin, TX 78741","source":"https://sec.gov/Archives/edgar/data/1341439/000095017024049180/0000950170-24-049180.txt","checked":"2026-11-29","note":"its head office as its 2024 SEC filing gives it; Oracle says it left the advertising business in September 2024, so ask them to delete your data and stop any marketing use"}]' WHERE `id` = 'oracle-data-cloud' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its SEC filing; no opt-out channel named' WHERE `id` = 'oracle-data-cloud' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Cardlytics Inc., 675 Ponce de Leon Ave. NE Suite 4100, Atlanta, GA 30308","source":"https://quarterlytics.com/company/cardlytics_cdlx/annual-report-2023","checked":"2026-11-29","note":"its head office as its annual report gives it; no privacy or opt-out postal address is published, so ask them to stop selling or sharing your data for marketing mail"}]' WHERE `id` = 'cardlytics' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its annual report; no opt-out channel named' WHERE `id` = 'cardlytics' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Fluent Inc., 300 Vesey Street 9th Floor, New York, NY 10282","source":"http://investors.fluentco.com/node/11671/html","checked":"2026-11-29","note":"its head office as its annual report gives it; no privacy or opt-out postal address is published, so ask them to stop selling or sharing your data for marketing mail"}]' WHERE `id` = 'fluent' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'headquarters address from its annual report; no opt-out channel named' WHERE `id` = 'fluent' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"V12, Attn: Privacy, 90 Matawan Road Suite 301, Matawan, NJ 07747","source":"https://github.com/your-digital-rights/data-brokers/blob/e87edebaf7851459c90b751347e84d38325fa231/backend/data/data-brokers-california.csv","checked":"2026-11-29","note":"its address in California''s data broker registry as filed in 2020 under the name V12 Privacy (read in a copy of the registry); a second filing, as DataMentors LLC dba V12, gave 2319 Oak Myrtle Ln Suite 104, Wesley Chapel, FL 33544; ask them to stop selling or renting your name for marketing mail"}]' WHERE `id` = 'v12' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its 2020 California data broker registration, read in a copy' WHERE `id` = 'v12' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"KBM Group LLC, 2050 N. Greenville Ave, Richardson, TX 75082","source":"https://github.com/your-digital-rights/data-brokers/blob/e87edebaf7851459c90b751347e84d38325fa231/backend/data/data-brokers-california.csv","checked":"2026-11-29","note":"its address in California''s data broker registry as filed in 2020 under the name Wunderman Thompson Data (read in a copy of the registry); its Vermont filing gave 2050 Dogwood Street Suite 220, Louisville, CO 80027 instead; ask them to stop selling or renting your name for marketing mail"}]' WHERE `id` = 'kbm-group' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its 2020 California data broker registration, read in a copy' WHERE `id` = 'kbm-group' AND `notes` = 'no public opt-out channel found; staff look this up';
--> statement-breakpoint
UPDATE `request_templates` SET `channels` = '[{"kind":"mail","value":"Audience Acuity LLC, 10845 Griffith Peak Dr. Suite 200, Las Vegas, NV 89135","source":"https://github.com/your-digital-rights/data-brokers/blob/e87edebaf7851459c90b751347e84d38325fa231/backend/data/data-brokers-california.csv","checked":"2026-11-29","note":"its address in California''s data broker registry as filed in 2020 (read in a copy of the registry); ask them to stop selling or renting your name for marketing mail"}]' WHERE `id` = 'audience-acuity' AND `channels` = '[]';
--> statement-breakpoint
UPDATE `request_templates` SET `notes` = 'postal address from its 2020 California data broker registration, read in a copy' WHERE `id` = 'audience-acuity' AND `notes` = 'no public opt-out channel found; staff look this up';
