import type { Vendor } from "../server";

export const stripeVendor: Vendor = { name: "stripe", prefix: "", routes: [] };
