import { z } from "zod";

export const ADD_REQUEST_MESSAGES = {
  senderName: "Please enter the sender's name.",
  senderNameTooLong: "Please shorten the sender's name to 120 characters.",
  customerNumberTooLong: "Please shorten the customer number to 60 characters.",
} as const;

/** /requests/add: the sender, the people the letter names besides the holder, the label's number. */
export const AddRequestSchema = z.object({
  senderName: z
    .string({ error: ADD_REQUEST_MESSAGES.senderName })
    .trim()
    .min(1, ADD_REQUEST_MESSAGES.senderName)
    .max(120, ADD_REQUEST_MESSAGES.senderNameTooLong),
  recipientIds: z.array(z.string()).default([]),
  customerNumber: z.string().trim().max(60, ADD_REQUEST_MESSAGES.customerNumberTooLong).optional(),
});
