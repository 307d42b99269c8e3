import { z } from "zod";
import type { SenderChannel } from "../../drizzle/schema";
import { consumerFilesFor, startsActive } from "./sender-catalog";

const CHANNEL_KINDS = ["web", "email", "mail", "phone"] as const;
export const ACCEPTS_AGENT = ["yes", "no", "unknown"] as const;
export const CONFIDENCE_LEVELS = ["high", "medium", "low"] as const;
export const DEFAULT_REQUIRED_DAYS = 30;

/** The page that adds a sender lives at /admin/senders/new, so no sender may take that id. */
const RESERVED_IDS = new Set(["new"]);
const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIP_AT_END = /\b\d{5}(?:-\d{4})?$/;
const PHONE_CHARACTERS = /^[\d\s().+-]+$/;
/** Between a channel's value and its optional note; no catalog value contains it. */
const NOTE_MARK = "|";

const LIMITS = {
  id: 60,
  title: 120,
  category: 60,
  covers: 300,
  channelValue: 300,
  need: 200,
  lasts: 200,
  takes: 200,
  notes: 2000,
} as const;

export const SENDER_FORM_MESSAGES = {
  id: "Please enter an id of lowercase letters, digits and dashes, e.g. acme-catalogs.",
  idReserved: "This id is taken by the page that adds senders; please choose another.",
  idTaken: "A sender with this id exists.",
  title: "Please enter the sender's name.",
  category: "Please enter a category, e.g. data-broker.",
  acceptsAgent: "Please choose yes, no or unknown.",
  confidence: "Please choose high, medium or low.",
  sourceYear: "Please enter the year of the source as four digits, e.g. 2024.",
  requiredDays: "Please enter a number of days from 1 to 365.",
  tooLong: (what: string, max: number) => `Please shorten the ${what} to ${max} characters.`,
} as const;

/** The lines of a multi-line field with their line numbers as the person sees them; blank lines are skipped. */
function numberedLines(text: string | undefined) {
  return (text ?? "")
    .split(/\r?\n/)
    .map((line, index) => ({ number: index + 1, text: line.trim() }))
    .filter((line) => line.text !== "");
}

function quoted(line: string) {
  return line.length > 60 ? `"${line.slice(0, 57)}…"` : `"${line}"`;
}

const CHANNEL_NAMES: Record<SenderChannel["kind"], string> = {
  web: "web address",
  email: "email address",
  mail: "mailing address",
  phone: "phone number",
};

function isWebAddress(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/** What is wrong with a channel's value, or null when it will do. */
function channelValueProblem(kind: SenderChannel["kind"], value: string): string | null {
  if (value === "") return `add the ${CHANNEL_NAMES[kind]} after "${kind}:"`;
  if (value.length > LIMITS.channelValue) return `shorten it to ${LIMITS.channelValue} characters`;
  switch (kind) {
    case "web": {
      return isWebAddress(value) ? null : "a web address starts with https:// or http://";
    }
    case "email":
      return EMAIL_PATTERN.test(value) ? null : `${quoted(value)} is not an email address`;
    case "mail":
      return ZIP_AT_END.test(value) ? null : 'a mailing address ends with its ZIP code, e.g. "mail: PO Box 1, Town, ST 12345"';
    case "phone": {
      const digits = value.replace(/\D/g, "").length;
      return PHONE_CHARACTERS.test(value) && digits >= 10 && digits <= 15
        ? null
        : 'a phone number has 10 digits or more, e.g. "phone: 800-555-0100"';
    }
  }
}

export type ChannelLine = { ok: true; channel: SenderChannel } | { ok: false; message: string };

/**
 * One line of the channels field: `kind: value`, optionally followed by ` | note`
 * (e.g. `mail: PO Box 1, Town, ST 12345 | with the registration fee`). A message names the line.
 */
export function parseChannelLine(line: string, lineNumber: number): ChannelLine {
  const text = line.trim();
  const colon = text.indexOf(":");
  const kind = colon === -1 ? "" : text.slice(0, colon).trim().toLowerCase();
  if (!(CHANNEL_KINDS as readonly string[]).includes(kind)) {
    return { ok: false, message: `Line ${lineNumber} (${quoted(text)}): start the line with web:, email:, mail: or phone:.` };
  }
  const rest = text.slice(colon + 1);
  const noteAt = rest.indexOf(NOTE_MARK);
  const value = (noteAt === -1 ? rest : rest.slice(0, noteAt)).trim();
  const note = noteAt === -1 ? "" : rest.slice(noteAt + 1).trim();
  const problem = channelValueProblem(kind as SenderChannel["kind"], value);
  if (problem) return { ok: false, message: `Line ${lineNumber} (${quoted(text)}): ${problem}.` };
  const channel: SenderChannel = { kind: kind as SenderChannel["kind"], value };
  if (note) channel.note = note;
  return { ok: true, channel };
}

/** Every line of the channels field, best channel first, with one message per bad line. */
export function parseChannels(text: string | undefined): { channels: SenderChannel[]; errors: string[] } {
  const channels: SenderChannel[] = [];
  const errors: string[] = [];
  for (const line of numberedLines(text)) {
    const parsed = parseChannelLine(line.text, line.number);
    if (parsed.ok) channels.push(parsed.channel);
    else errors.push(parsed.message);
  }
  return { channels, errors };
}

/**
 * The channels staff saved, each keeping the page it was read from and the day it was checked when
 * its kind and address are those of a channel before: the form shows neither, and an address staff
 * did not touch is still the one that page gave. A new or changed address has no source but the
 * staff audit that records who wrote it.
 */
export function keepChannelSources(before: SenderChannel[], after: SenderChannel[]): SenderChannel[] {
  const key = (channel: SenderChannel) => `${channel.kind}:${channel.value.trim().toLowerCase()}`;
  const sourced = new Map(before.filter((channel) => channel.source || channel.checked).map((channel) => [key(channel), channel]));
  return after.map((channel) => {
    const earlier = sourced.get(key(channel));
    if (!earlier) return channel;
    return {
      ...channel,
      ...(earlier.source ? { source: earlier.source } : {}),
      ...(earlier.checked ? { checked: earlier.checked } : {}),
    };
  });
}

/** The channels as the form shows them: one `kind: value | note` per line. */
export function channelsAsText(channels: SenderChannel[]) {
  return channels.map(({ kind, value, note }) => `${kind}: ${value}${note ? ` ${NOTE_MARK} ${note}` : ""}`).join("\n");
}

const requiredText = (message: string, max: number, what: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, SENDER_FORM_MESSAGES.tooLong(what, max));

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, SENDER_FORM_MESSAGES.tooLong(what, max))
    .optional()
    .transform((value) => value || null);

/** /admin/senders/<id>: everything staff can correct about a sender. */
export const SenderSchema = z.object({
  title: requiredText(SENDER_FORM_MESSAGES.title, LIMITS.title, "name"),
  category: requiredText(SENDER_FORM_MESSAGES.category, LIMITS.category, "category"),
  covers: optionalText(LIMITS.covers, "description of what it covers").transform((value) => value ?? ""),
  channels: z
    .string()
    .optional()
    .transform((text, context) => {
      const { channels, errors } = parseChannels(text);
      for (const message of errors) context.addIssue({ code: "custom", message });
      return channels;
    }),
  acceptsAgent: z.enum(ACCEPTS_AGENT, { error: SENDER_FORM_MESSAGES.acceptsAgent }),
  needs: z
    .string()
    .optional()
    .transform((text, context) => {
      const needs = numberedLines(text);
      for (const need of needs) {
        if (need.text.length > LIMITS.need) {
          context.addIssue({
            code: "custom",
            message: `Line ${need.number} (${quoted(need.text)}): please shorten it to ${LIMITS.need} characters.`,
          });
        }
      }
      return needs.map((need) => need.text);
    }),
  lasts: optionalText(LIMITS.lasts, "how long it lasts"),
  takes: optionalText(LIMITS.takes, "how long it takes"),
  confidence: z.enum(CONFIDENCE_LEVELS, { error: SENDER_FORM_MESSAGES.confidence }),
  sourceYear: z
    .number({ error: SENDER_FORM_MESSAGES.sourceYear })
    .int(SENDER_FORM_MESSAGES.sourceYear)
    .min(1900, SENDER_FORM_MESSAGES.sourceYear)
    .max(2100, SENDER_FORM_MESSAGES.sourceYear)
    .optional()
    .transform((year) => year ?? null),
  requiredDays: z
    .number({ error: SENDER_FORM_MESSAGES.requiredDays })
    .int(SENDER_FORM_MESSAGES.requiredDays)
    .min(1, SENDER_FORM_MESSAGES.requiredDays)
    .max(365, SENDER_FORM_MESSAGES.requiredDays)
    .default(DEFAULT_REQUIRED_DAYS),
  notes: optionalText(LIMITS.notes, "notes"),
});

/** /admin/senders/new: the same, and the id presets will be stored under, which never changes. */
export const NewSenderSchema = SenderSchema.extend({
  id: z
    .string({ error: SENDER_FORM_MESSAGES.id })
    .trim()
    .min(1, SENDER_FORM_MESSAGES.id)
    .max(LIMITS.id, SENDER_FORM_MESSAGES.tooLong("id", LIMITS.id))
    .regex(ID_PATTERN, SENDER_FORM_MESSAGES.id)
    .refine((id) => !RESERVED_IDS.has(id), SENDER_FORM_MESSAGES.idReserved),
});

export type SenderFormValues = z.output<typeof SenderSchema>;
export type NewSenderFormValues = z.output<typeof NewSenderSchema>;

export type TemplateFields = SenderFormValues & { consumerFiles: boolean };

/**
 * The template columns for the form's values. Whether the consumer files it, and whether a new
 * sender starts active, follow the catalog's own rules (sender-catalog.ts), so a sender added here
 * is treated exactly like one from the gathered catalog.
 */
export function templateFieldsFromForm(
  values: SenderFormValues,
  /** The sender as stored, when the form edits one: its unchanged addresses keep their sources. */
  before?: { channels: SenderChannel[] },
): TemplateFields & { activeWhenAdded: boolean } {
  const { title, category, covers, channels, acceptsAgent, needs, lasts, takes, confidence, sourceYear, requiredDays, notes } = values;
  return {
    title,
    category,
    covers,
    channels: before ? keepChannelSources(before.channels, channels) : channels,
    acceptsAgent,
    needs,
    consumerFiles: consumerFilesFor(needs),
    lasts,
    takes,
    confidence,
    sourceYear,
    requiredDays,
    notes,
    activeWhenAdded: startsActive(channels),
  };
}

type StoredTemplate = Omit<TemplateFields, "acceptsAgent" | "confidence"> & { acceptsAgent: string; confidence: string };

/** A stored template as the form's fields show it. */
export function formDefaultsFromTemplate(template: StoredTemplate) {
  return {
    title: template.title,
    category: template.category,
    covers: template.covers,
    channels: channelsAsText(template.channels),
    acceptsAgent: template.acceptsAgent,
    needs: template.needs.join("\n"),
    lasts: template.lasts ?? "",
    takes: template.takes ?? "",
    confidence: template.confidence,
    sourceYear: template.sourceYear === null ? "" : String(template.sourceYear),
    requiredDays: String(template.requiredDays),
    notes: template.notes ?? "",
  };
}
