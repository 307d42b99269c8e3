import type { Vendor } from "../server";

export const lobVendor: Vendor = { name: "lob", prefix: "/lob/v1", routes: [] };
