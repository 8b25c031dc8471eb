/** A local copy of a claim message, as the customer would read it. */
export interface LocalMessageView {
  /** `To`, `From`, `Subject` lines, as sent (the recipient already masked). */
  headers: [string, string][];
  text: string;
  /** The e-mail's HTML part; null for an SMS or a text-only e-mail. */
  html: string | null;
  /** In the demo: the local storefront the shop's links were pointed at. */
  linksLeadTo?: string;
}

/**
 * Decodes a local copy written by the dispatcher's local transport: an e-mail
 * file is RFC 5322 with quoted-printable parts (`code=3D…`, lines folded at
 * 76 characters), which mailparser turns back into the text and HTML the
 * customer's mail program shows; an SMS file is a few header lines, a blank
 * line and the text.
 */
export async function localMessageView(raw: string, channel: string): Promise<LocalMessageView> {
  if (channel !== "EMAIL") return smsView(raw);
  // Loaded when a merchant opens a local e-mail copy, not in every process serving the admin.
  const { simpleParser } = await import("mailparser");
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const headers: [string, string][] = [
    ["To", addressText(mail.to)],
    ["From", addressText(mail.from)],
    ["Subject", mail.subject ?? ""],
  ];
  return { headers: headers.filter(([, value]) => value !== ""), text: (mail.text ?? "").trim(), html: mail.html || null };
}

function smsView(raw: string): LocalMessageView {
  const blank = raw.indexOf("\n\n");
  const head = blank >= 0 ? raw.slice(0, blank).split("\n") : [];
  const headers = head.every((line) => /^[A-Za-z-]+: /.test(line))
    ? head.map((line): [string, string] => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)])
    : [];
  return { headers, text: (headers.length ? raw.slice(blank + 2) : raw).trim(), html: null };
}

const addressText = (value: { text: string } | { text: string }[] | undefined) =>
  (Array.isArray(value) ? value.map((entry) => entry.text).join(", ") : value?.text) ?? "";
