import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import catalog from "../../drizzle/senders.json";
import { templateFromSender, type CatalogSender } from "./sender-catalog";
import { changedFields } from "./audit-details";
import {
  channelsAsText,
  formDefaultsFromTemplate,
  keepChannelSources,
  NewSenderSchema,
  parseChannelLine,
  parseChannels,
  SENDER_FORM_MESSAGES,
  SenderSchema,
  templateFieldsFromForm,
} from "./sender-form";

const senders = catalog.senders as CatalogSender[];

/** The messages per field of a submission, or undefined when it succeeded. */
const errorsOf = (submission: { status?: string; error?: Record<string, string[] | null> | null }) =>
  submission.status === "success" ? undefined : (submission.error ?? undefined);

function formData(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const VALID = {
  title: "Acme Catalogs",
  category: "catalogs",
  channels: "email: optout@acme.example\nmail: Acme, PO Box 1, Town, ST 12345 | attention Privacy",
  acceptsAgent: "yes",
  needs: "full name\naddress",
  confidence: "medium",
};

describe("parseChannelLine", () => {
  it("reads each kind, with an optional note after a bar", () => {
    expect(parseChannelLine("email: optout@example.com", 1)).toEqual({ ok: true, channel: { kind: "email", value: "optout@example.com" } });
    expect(parseChannelLine("mail: PO Box 1, Town, ST 12345", 1)).toEqual({
      ok: true,
      channel: { kind: "mail", value: "PO Box 1, Town, ST 12345" },
    });
    expect(parseChannelLine("web: https://example.com/opt-out?a=1", 1)).toEqual({
      ok: true,
      channel: { kind: "web", value: "https://example.com/opt-out?a=1" },
    });
    expect(parseChannelLine("Phone: 800-555-0100 | weekdays only", 1)).toEqual({
      ok: true,
      channel: { kind: "phone", value: "800-555-0100", note: "weekdays only" },
    });
  });

  it("names the line and what is wrong with it", () => {
    expect(parseChannelLine("fax: 800-555-0100", 3)).toEqual({
      ok: false,
      message: 'Line 3 ("fax: 800-555-0100"): start the line with web:, email:, mail: or phone:.',
    });
    expect(parseChannelLine("optout@example.com", 1)).toMatchObject({
      ok: false,
      message: expect.stringContaining("start the line with web:"),
    });
    expect(parseChannelLine("email: not-an-address", 2)).toEqual({
      ok: false,
      message: 'Line 2 ("email: not-an-address"): "not-an-address" is not an email address.',
    });
    expect(parseChannelLine("web: www.example.com", 1)).toMatchObject({
      ok: false,
      message: expect.stringContaining("starts with https://"),
    });
    expect(parseChannelLine("mail: PO Box 1, Town", 1)).toMatchObject({
      ok: false,
      message: expect.stringContaining("ends with its ZIP code"),
    });
    expect(parseChannelLine("phone: 555-0100", 1)).toMatchObject({ ok: false, message: expect.stringContaining("10 digits or more") });
    expect(parseChannelLine("email:", 4)).toEqual({ ok: false, message: 'Line 4 ("email:"): add the email address after "email:".' });
  });
});

describe("parseChannels", () => {
  it("numbers lines as the textarea shows them, blank ones included", () => {
    const { channels, errors } = parseChannels("web: https://example.com\n\n  \nfax: 1\r\nphone: 1-800-555-0100");
    expect(channels).toEqual([
      { kind: "web", value: "https://example.com" },
      { kind: "phone", value: "1-800-555-0100" },
    ]);
    expect(errors).toEqual(['Line 4 ("fax: 1"): start the line with web:, email:, mail: or phone:.']);
  });

  it("reads back every channel of the gathered catalog as it was written", () => {
    for (const sender of senders) {
      const { channels, errors } = parseChannels(channelsAsText(sender.channels));
      expect(errors).toEqual([]);
      expect(channels).toEqual(sender.channels.map(({ kind, value, note }) => (note ? { kind, value, note } : { kind, value })));
    }
  });
});

describe("keepChannelSources", () => {
  const read = { source: "https://acme.example/privacy", checked: "2026-11-29" };
  const before = [
    { kind: "mail" as const, value: "Acme, PO Box 1, Town, ST 12345", ...read },
    { kind: "email" as const, value: "privacy@acme.example" },
  ];

  it("keeps the page and the day of an address staff saved unchanged, whatever its case or note", () => {
    expect(keepChannelSources(before, [{ kind: "mail", value: " acme, PO Box 1, Town, ST 12345", note: "privacy office" }])).toEqual([
      { kind: "mail", value: " acme, PO Box 1, Town, ST 12345", note: "privacy office", ...read },
    ]);
  });

  it("gives a changed or new address no source", () => {
    expect(keepChannelSources(before, [{ kind: "mail", value: "Acme, PO Box 2, Town, ST 12345" }])).toEqual([
      { kind: "mail", value: "Acme, PO Box 2, Town, ST 12345" },
    ]);
    expect(keepChannelSources(before, [{ kind: "web", value: "Acme, PO Box 1, Town, ST 12345" }])).toEqual([
      { kind: "web", value: "Acme, PO Box 1, Town, ST 12345" },
    ]);
  });
});

describe("SenderSchema", () => {
  it("turns the form into template fields, with defaults for what was left empty", () => {
    const submission = parseWithZod(formData(VALID), { schema: SenderSchema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      title: "Acme Catalogs",
      category: "catalogs",
      covers: "",
      channels: [
        { kind: "email", value: "optout@acme.example" },
        { kind: "mail", value: "Acme, PO Box 1, Town, ST 12345", note: "attention Privacy" },
      ],
      acceptsAgent: "yes",
      needs: ["full name", "address"],
      lasts: null,
      takes: null,
      confidence: "medium",
      sourceYear: null,
      requiredDays: 30,
      notes: null,
    });
  });

  it("puts every bad channel line's message on the channels field", () => {
    const submission = parseWithZod(formData({ ...VALID, channels: "email: a@b.example\nfax: 1\nmail: nowhere" }), {
      schema: SenderSchema,
    });
    expect(submission.status).toBe("error");
    expect(errorsOf(submission)?.channels).toEqual([
      'Line 2 ("fax: 1"): start the line with web:, email:, mail: or phone:.',
      'Line 3 ("mail: nowhere"): a mailing address ends with its ZIP code, e.g. "mail: PO Box 1, Town, ST 12345".',
    ]);
  });

  it("refuses a missing name, an unknown confidence and days out of range", () => {
    const submission = parseWithZod(formData({ ...VALID, title: " ", confidence: "certain", requiredDays: "0", sourceYear: "20" }), {
      schema: SenderSchema,
    });
    expect(errorsOf(submission)).toMatchObject({
      title: [SENDER_FORM_MESSAGES.title],
      confidence: [SENDER_FORM_MESSAGES.confidence],
      requiredDays: [SENDER_FORM_MESSAGES.requiredDays],
      sourceYear: [SENDER_FORM_MESSAGES.sourceYear],
    });
    expect(errorsOf(parseWithZod(formData({ ...VALID, requiredDays: "366" }), { schema: SenderSchema }))?.requiredDays).toEqual([
      SENDER_FORM_MESSAGES.requiredDays,
    ]);
    expect(errorsOf(parseWithZod(formData({ ...VALID, requiredDays: "ten" }), { schema: SenderSchema }))?.requiredDays).toEqual([
      SENDER_FORM_MESSAGES.requiredDays,
    ]);
    expect(parseWithZod(formData({ ...VALID, requiredDays: "365", sourceYear: "2024" }), { schema: SenderSchema }).status).toBe("success");
  });
});

describe("NewSenderSchema", () => {
  const idErrors = (id: string) => errorsOf(parseWithZod(formData({ ...VALID, id }), { schema: NewSenderSchema }))?.id;

  it("takes an id of lowercase letters, digits and dashes", () => {
    expect(idErrors("acme-catalogs-2")).toBeUndefined();
    expect(idErrors("")).toEqual([SENDER_FORM_MESSAGES.id]);
    expect(idErrors("Acme")).toEqual([SENDER_FORM_MESSAGES.id]);
    expect(idErrors("acme catalogs")).toEqual([SENDER_FORM_MESSAGES.id]);
    expect(idErrors("-acme")).toEqual([SENDER_FORM_MESSAGES.id]);
    expect(idErrors("new")).toEqual([SENDER_FORM_MESSAGES.idReserved]);
  });
});

describe("templateFieldsFromForm", () => {
  const fieldsFor = (fields: Record<string, string>) => {
    const submission = parseWithZod(formData({ ...VALID, ...fields }), { schema: SenderSchema });
    if (submission.status !== "success") throw new Error("expected valid input");
    return templateFieldsFromForm(submission.value);
  };

  it("hands the request to the consumer as the catalog does", () => {
    expect(fieldsFor({}).consumerFiles).toBe(false);
    // Refusing agents no longer does (decision 0066); a fee does.
    expect(fieldsFor({ acceptsAgent: "no" }).consumerFiles).toBe(false);
    expect(fieldsFor({ needs: "a small fee of about 2 to 6 USD" }).consumerFiles).toBe(true);
    expect(fieldsFor({ needs: "full name\nSSN" }).consumerFiles).toBe(true);
    expect(fieldsFor({ needs: "date of birth" }).consumerFiles).toBe(true);
  });

  it("starts a sender with no channel inactive", () => {
    expect(fieldsFor({}).activeWhenAdded).toBe(true);
    expect(fieldsFor({ channels: "" }).activeWhenAdded).toBe(false);
  });

  it("shows a catalog template in the form so that saving it unchanged changes nothing", () => {
    for (const sender of senders) {
      const template = templateFromSender(sender);
      if (!["high", "medium", "low"].includes(template.confidence)) continue;
      const stored = { ...template, requiredDays: 30 };
      const submission = parseWithZod(formData(formDefaultsFromTemplate(stored)), { schema: SenderSchema });
      expect(submission.status).toBe("success");
      if (submission.status !== "success") continue;
      const { activeWhenAdded: _, ...fields } = templateFieldsFromForm(submission.value, stored);
      expect(changedFields(stored, fields)).toEqual({ before: {}, after: {} });
    }
  });
});

describe("changedFields", () => {
  it("keeps only the fields that changed, before and after", () => {
    const before = { title: "A", needs: ["name"], notes: null as string | null };
    expect(changedFields(before, { title: "A", needs: ["name", "address"], notes: "new" })).toEqual({
      before: { needs: ["name"], notes: null },
      after: { needs: ["name", "address"], notes: "new" },
    });
  });
});
