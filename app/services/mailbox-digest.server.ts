// The Postal Service's Informed Delivery daily digest, forwarded to an account's inbound address
// (decision 0055): each mail piece it shows becomes one arrival, read like a photo.
import type { Email } from "postal-mime";
import type { AppEnv } from "~/utils/env.server";

export type DigestInput = {
  userId: string;
  email: Email;
  /** Stable for one message however often it is delivered: the arrivals' entry ids derive from it. */
  messageKey: string;
  receivedAt: Date;
};

/** Whether a parsed email is an Informed Delivery digest. */
export function isInformedDeliveryDigest(email: Email): boolean {
  void email;
  return false;
}

/** Records each piece of a digest as an arrival and queues their reading; the number of pieces. */
export async function takeDigest(env: AppEnv, input: DigestInput): Promise<number> {
  void env;
  void input;
  return 0;
}
