import type { Vendor } from "../server";

export const mailchimpVendor: Vendor = { name: "mailchimp", prefix: "/mailchimp/3.0", routes: [] };
