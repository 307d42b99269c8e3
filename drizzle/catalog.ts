// The whole sender catalog as gathered: the senders every new user is given (senders.json) and
// the mailers people find by name (catalog/*.json, one file per kind of mail). The seed, the
// tests and the bench read it from here; the app reads the catalog from D1.
import type { CatalogSender } from "../app/domain/sender-catalog";
import catalogsAndRetailers from "./catalog/catalogs-and-retailers.json" with { type: "json" };
import creditLoansInsurance from "./catalog/credit-loans-insurance.json" with { type: "json" };
import publishersAndCharities from "./catalog/publishers-and-charities.json" with { type: "json" };
import telecomHomeBrokers from "./catalog/telecom-home-brokers.json" with { type: "json" };
import signupSenders from "./senders.json" with { type: "json" };

export const CATALOG_SENDERS: CatalogSender[] = [
  signupSenders,
  catalogsAndRetailers,
  creditLoansInsurance,
  publishersAndCharities,
  telecomHomeBrokers,
].flatMap((file) => file.senders as CatalogSender[]);
