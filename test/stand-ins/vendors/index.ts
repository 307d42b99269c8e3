import type { Vendor } from "../server";

/**
 * The vendors the stand-in server answers for. Each capability adds its vendor's module here:
 * Stripe mounted at "" (the SDK only lets the host and port change, and calls /v1/...),
 * Mailchimp at "/mailchimp/3.0", Lob at "/lob/v1", the email provider at "/email".
 */
export const VENDORS: Vendor[] = [];
