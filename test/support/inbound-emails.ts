// Emails as they reach the inbound mailbox, unsigned (each test signs them with the key it needs):
// Gmail's forwarding confirmation, and a phone's email with a photo of a piece of mail attached.

/** The text of Gmail's message asking a new forwarding address to confirm, line by line, as Gmail writes it. */
export function gmailForwardingConfirmationText({ to, code, link }: { to: string; code: string; link: string }) {
  return [
    `jane.doe@gmail.com has requested to automatically forward mail to your email address ${to}.`,
    `Confirmation code: ${code}`,
    "",
    "To allow jane.doe@gmail.com to automatically forward mail to your address, please click the link below to confirm the request:",
    "",
    link,
    "",
    "If you click the link and it appears to be broken, please copy and paste it into a new browser window.",
  ];
}

/** Gmail's message asking a new forwarding address to confirm, as Gmail sends it. */
export function gmailForwardingConfirmation({
  to,
  code,
  link,
  messageId = `<${crypto.randomUUID()}@google.com>`,
}: {
  to: string;
  code: string;
  link: string;
  messageId?: string;
}) {
  return [
    "From: Gmail Team <forwarding-noreply@google.com>",
    `To: ${to}`,
    `Subject: (#${code}) Gmail Forwarding Confirmation - Receive Mail from jane.doe@gmail.com`,
    `Message-ID: ${messageId}`,
    "Date: Mon, 23 Nov 2026 08:00:00 -0800",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=UTF-8",
    "",
    ...gmailForwardingConfirmationText({ to, code, link }),
    "",
  ].join("\r\n");
}

/** A phone's email with one JPEG attached (given in base64), from `from`. */
export function phonePhotoEmail({
  to,
  from,
  jpegBase64,
  messageId = `<${crypto.randomUUID()}@phone.example>`,
}: {
  to: string;
  from: string;
  jpegBase64: string;
  messageId?: string;
}) {
  const boundary = "photo-boundary-7";
  return [
    `From: Jane Doe <${from}>`,
    `To: ${to}`,
    "Subject: junk",
    `Message-ID: ${messageId}`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=UTF-8",
    "",
    "Sent from my phone",
    `--${boundary}`,
    'Content-Type: image/jpeg; name="IMG_2041.jpg"',
    'Content-Disposition: attachment; filename="IMG_2041.jpg"',
    "Content-Transfer-Encoding: base64",
    "",
    jpegBase64.replace(/.{76}/g, "$&\r\n"),
    `--${boundary}--`,
    "",
  ].join("\r\n");
}
