import { z } from "zod";
import { SENDER_QUERY_MAX_LENGTH } from "./sender-search";

export const ADD_REQUEST_MESSAGES = {
  senderName: "Please enter the sender's name.",
  senderNameTooLong: "Please shorten the sender's name to 120 characters.",
  filesItself: (sender: string) =>
    `${sender} takes this request only from you, not from a service acting for you. The Learn page, under “What stops each kind of mail”, says what to send and where.`,
  senderUnknown: "That sender is no longer in our list. Search again, or send the request with the name as you typed it.",
  customerNumberTooLong: "Please shorten the customer number to 60 characters.",
  didYouMean: "Nothing is sent yet. Choose the sender you mean, or send the request with the name as you typed it.",
} as const;

/**
 * The templateId of "Send it as typed": the person chose the name as typed over the catalog's
 * matches. No sender id has it (they are lower-case letters, digits and dashes). A post without a
 * choice is not the same: a likely match is asked about first.
 */
export const SEND_AS_TYPED = "_typed";

/** /requests/add: the sender (a catalog match or a name as typed), the people the letter names besides the holder, the label's number. */
export const AddRequestSchema = z.object({
  senderName: z
    .string({ error: ADD_REQUEST_MESSAGES.senderName })
    .trim()
    .min(1, ADD_REQUEST_MESSAGES.senderName)
    .max(SENDER_QUERY_MAX_LENGTH, ADD_REQUEST_MESSAGES.senderNameTooLong),
  /** The catalog sender picked from the matches, SEND_AS_TYPED, or nothing when no choice was made. */
  templateId: z.string().trim().max(80).optional(),
  recipientIds: z.array(z.string()).default([]),
  customerNumber: z.string().trim().max(60, ADD_REQUEST_MESSAGES.customerNumberTooLong).optional(),
});
