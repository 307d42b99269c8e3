// Raw emails shaped like the Postal Service's Informed Delivery "Daily Digest" (decision 0056):
// the HTML of the digest (its logo and icons as remote images, a read-tracking image naming the
// delivery date, each piece's grayscale scan as an inline image referenced by Content-ID, a
// campaign piece under its "FROM:" name with a ride-along ad beside it) and the images as
// related parts. Also as a person forwards it by hand ("Fwd:", the original's headers in the
// body, the ids gone). Runs in Node and in workerd: no Node module.

export const DIGEST_FROM = "USPSInformeddelivery@email.informeddelivery.usps.com";

export type GeneratedPiece = {
  image: Uint8Array;
  /** Printed above the piece, as the digest does for a mailer's campaign. */
  fromName?: string | null;
};

export type GeneratedDigest = {
  to: string;
  /** The delivery day, YYYY-MM-DD. */
  date: string;
  pieces: GeneratedPiece[];
  firstName?: string;
  /** Forwarded by hand by this address, rather than sent (or forwarded automatically) as is. */
  forwardedBy?: string | null;
  /** Distinguishes digests of the same day and address. */
  serial?: number;
};

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function base64(bytes: Uint8Array) {
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

const wrapped = (text: string) => text.replace(/.{1,76}/g, "$&\r\n");
const AD_IMAGE = Uint8Array.from([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x04, 0x00, 0x00, 0xff, 0xd9]);

/** The digest as a raw RFC 5322 message. */
export function digestEmail(digest: GeneratedDigest): string {
  const day = new Date(`${digest.date}T12:00:00Z`);
  const [year, month, dayOfMonth] = digest.date.split("-").map(Number) as [number, number, number];
  const weekday = WEEKDAYS[day.getUTCDay()]!;
  const subject = `Your Daily Digest for ${weekday.slice(0, 3)}, ${month}/${dayOfMonth} is ready to view`;
  const serial = digest.serial ?? 0;
  const cid = (index: number) => `${1011300000 + serial * 100 + index}-026.jpg`;
  const adCid = (index: number) => `content-${1202000000 + serial * 100 + index}.jpg`;
  const keepIds = !digest.forwardedBy;
  const id = (value: string) => (keepIds ? ` id="${value}"` : "");

  const pieceBlocks = digest.pieces.map((piece, index) =>
    piece.fromName
      ? `<div><table><tbody><tr><td><p>FROM: <b><span>${piece.fromName.replace(/&/g, "&amp;")}</span></b></p></td></tr>
<tr><td><div><a href="" tabindex="0" target="_blank"><img alt="campaign"${id("campaign-representative-image-src-id")} src="cid:${cid(index)}"/></a></div></td></tr></tbody></table>
<p><b><a class="primary-font-color" href="https://informeddelivery.usps.com/trackingV2/digest/mcClick?a=x${index}">Learn more about your mail <span> &#10095;</span></a></b></p>
<a href="https://informeddelivery.usps.com/trackingV2/digest/mcClick?a=y${index}"><img alt="RideAlong image"${id("campaign-ridealong-image-src-id")} src="cid:${adCid(index)}" style="width: 300px;"/></a></div>`
      : `<div><table><tbody><tr><td><div><img alt="Mailpiece Image"${id("mailpiece-image-src-id")} src="cid:${cid(index)}" style="padding-top:15px;"/></div></td></tr></tbody></table></div>`,
  );
  const forwardedHeader = digest.forwardedBy
    ? `<div dir="ltr">---------- Forwarded message ---------<br>From: <strong>USPS Informed Delivery</strong> &lt;<a href="mailto:${DIGEST_FROM}">${DIGEST_FROM}</a>&gt;<br>Date: ${weekday}, ${MONTHS[month - 1]} ${dayOfMonth}, ${year} at 9:07 AM<br>Subject: ${subject}<br>To: &lt;${digest.forwardedBy}&gt;<br></div><br>`
    : "";
  const html = `<!DOCTYPE html><html><head><title>Informed Delivery</title></head><body>${forwardedHeader}
<p><img alt="" height="0"${id("email-tracking-href-id")} src="https://informeddelivery.usps.com/tracking/emailRead?emailToken=t${serial}&amp;sentTime=${digest.date}T13:07:27.242Z&amp;deliveryDate=${digest.date}T05:00:00.000Z&amp;origin=cloudDigest" width="0"/></p>
<table><tbody><tr><td><img alt="USPS Logo" height="36" src="https://www.usps.com/email/id/uspslogo.png" width="64"/></td></tr>
<tr><td><h1>COMING TO YOU SOON</h1></td></tr></tbody></table>
<h2>Hi<span>, ${(digest.firstName ?? "JANE").toUpperCase()}</span>!</h2>
<p>You have <span>${digest.pieces.length}</span> mailpiece(s) and <span>0</span> inbound package(s) arriving soon.</p>
<h2>${weekday}</h2><table><tbody><tr><td><span>${dayOfMonth}</span></td><td><div>${MONTHS[month - 1]}</div><div>${year}</div></td></tr></tbody></table>
<table><tbody><tr><td><img alt="Icon Envelope" height="34" src="https://www.usps.com/email/id/icon-envelope.png" width="50"/></td><td><h1>MAIL</h1></td></tr></tbody></table>
<h2>Expected Today</h2><p><span>${digest.pieces.length}</span> <span>item(s)</span></p>
${pieceBlocks.join("\n")}
<table><tbody><tr><td><img alt="Package Icon" height="36" src="https://www.usps.com/email/id/packages-icon.png" width="46"/></td><td><h1>PACKAGES</h1></td></tr></tbody></table>
<strong>No packages are available to display.</strong>
<img alt="footer banner"${id("footer-banner-img-id")} src="https://www.usps.com/email/id/refer-friends-and-family-banner.png" style="width: 100%"/>
<p>*These images represent mail pieces that are sorted on USPS&reg; automated equipment. Some of your mail may not be shown here.</p>
</body></html>`;

  const boundary = `----=_Part_${serial}_${digest.date.replace(/-/g, "")}`;
  const parts = [
    [
      `Content-Type: text/html; charset=UTF-8`,
      `Content-Transfer-Encoding: base64`,
      ``,
      wrapped(base64(new TextEncoder().encode(html))),
    ].join("\r\n"),
    ...digest.pieces.flatMap((piece, index) => {
      const images = [{ name: cid(index), bytes: piece.image }];
      if (piece.fromName) images.push({ name: adCid(index), bytes: AD_IMAGE });
      return images.map((image) =>
        [
          `Content-Type: image/jpeg; name="${image.name}"`,
          `Content-Transfer-Encoding: base64`,
          `Content-ID: <${image.name}>`,
          `Content-Disposition: inline; filename="${image.name}"`,
          ``,
          wrapped(base64(image.bytes)),
        ].join("\r\n"),
      );
    }),
  ];
  const from = digest.forwardedBy ? `<${digest.forwardedBy}>` : `USPS Informed Delivery <${DIGEST_FROM}>`;
  const headers = [
    `From: ${from}`,
    `To: ${digest.to}`,
    `Subject: ${digest.forwardedBy ? `Fwd: ${subject}` : subject}`,
    `Date: ${day.toUTCString()}`,
    `Message-ID: <digest-${serial}-${digest.date}-${digest.to.replace(/[^a-z0-9]/gi, "")}@informeddelivery.usps.com>`,
    `MIME-Version: 1.0`,
    `Content-Type: multipart/related; boundary="${boundary}"; type="text/html"`,
  ];
  return `${headers.join("\r\n")}\r\n\r\n${parts.map((part) => `--${boundary}\r\n${part}`).join("\r\n")}\r\n--${boundary}--\r\n`;
}
