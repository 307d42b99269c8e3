import type { Vendor } from "../server";

export const emailVendor: Vendor = { name: "email", prefix: "/email", routes: [] };
