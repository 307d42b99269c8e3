import type { Vendor } from "../server";
import { blogVendor } from "./blog";
import { dnsVendor } from "./dns";
import { emailVendor } from "./email";
import { lobVendor } from "./lob";
import { mailchimpVendor } from "./mailchimp";
import { stripeVendor } from "./stripe";
import { workersAiVendor } from "./workers-ai";

/**
 * The vendors the stand-in server answers for, each at the base URL the app is given for it:
 * Stripe at the root (the SDK only lets the host and port change, and calls /v1/...),
 * Mailchimp at /mailchimp/3.0, Lob at /lob/v1, the email provider (Postmark) at /email, Workers AI
 * at /cloudflare/client/v4, DNS over HTTPS at
 * /dns-query, and the blog the footer links to at /path/.
 */
export const VENDORS: Vendor[] = [stripeVendor, mailchimpVendor, lobVendor, emailVendor, workersAiVendor, dnsVendor, blogVendor];
