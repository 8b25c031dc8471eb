import { readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { messagesDir } from "~/adapters/notifications/transports/local.server";
import { DEFAULT_TEMPLATES } from "~/domain/messages/default-templates";
import type { MessagePreview } from "~/faces/admin/message-preview.server";
import { DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { getPage, submitFetcher } from "../support/admin";
import { uniqueShop } from "../support/api";
import { adminApiStubUrl, FRENCH_SHOP, setStubShop } from "../support/stub-shop";

// Settings → Messages: the claim e-mail and SMS per language as Liquid, with a
// live preview on sample data, refusals at their field, reset and a test send.

const PAGE = "/app/settings/messages";
const NBSP = "\u00a0";

type Preview = MessagePreview;

const template = (language: "en" | "fr", fields: Partial<typeof DEFAULT_TEMPLATES.en> = {}) => ({
  language,
  ...DEFAULT_TEMPLATES[language],
  ...fields,
});

async function frenchShop() {
  const shop = uniqueShop();
  await setStubShop(shop, FRENCH_SHOP);
  return shop;
}

describe("Settings → Messages", () => {
  it("shows the shop's name and logo from Shopify and both languages' default messages", async () => {
    const shop = await frenchShop();

    const page = await getPage(PAGE, shop);

    expect(page.status).toBe(200);
    expect(page.text).toContain("Maison Lumière");
    expect(page.body).toContain(`${adminApiStubUrl}/images/logo.png`);
    // Both languages' templates, as the merchant edits them.
    expect(page.text).toContain("Récupérez-");
    expect(page.text).toContain("ready to claim");
    // The variables are documented on the page.
    for (const variable of ["shop.name", "customer.first_name", "card.name", "claim_url", "expires_at"])
      expect(page.text).toContain(`{{ ${variable} }}`);
    const profile = await db.shopProfile.findUniqueOrThrow({ where: { shop } });
    expect(profile).toMatchObject({
      name: "Maison Lumière",
      primaryLocale: "fr",
      timeZone: "Europe/Paris",
      brandLogoUrl: `${adminApiStubUrl}/images/logo.png`,
    });
  });

  it("previews a template with sample data in French and in English, the expiry in the shop's zone written each one's way", async () => {
    const shop = await frenchShop();
    await getPage(PAGE, shop);

    const french = await submitFetcher<Preview>(PAGE, shop, { intent: "preview", ...template("fr") });
    const english = await submitFetcher<Preview>(PAGE, shop, { intent: "preview", ...template("en") });

    expect(french.result).toMatchObject({ ok: true });
    const fr = (french.result as { data: Preview }).data;
    expect(fr.from).toBe("Maison Lumière");
    expect(fr.subject).toBe(`Maison Lumière${NBSP}: votre carte vous attend`);
    expect(fr.text).toContain("Bonjour Camille,");
    expect(fr.text).toContain(`Maison Lumière vous a envoyé une carte${NBSP}: Carte Or.`);
    // 90 days from now at the sample's minute, in Paris, French: "23 févr. 2027 à 17:05 UTC+1" reads "… à HH:MM UTC+1".
    expect(fr.text).toMatch(/avant le \d{1,2} [a-zéû]+\.? \d{4} à \d{2}:\d{2} UTC\+[12]\./);
    expect(fr.html).toContain(`src="${adminApiStubUrl}/images/logo.png"`);
    expect(fr.html).toContain("Récupérer ma carte");
    expect(fr.html).not.toContain("<style");
    expect(fr.html).toMatch(/<a [^>]*style="[^"]*background: ?#008060/);
    expect(fr.sms).toMatch(/^Maison Lumière, votre code 7KQ2-M9XD-R4TB - récupérez votre carte sur https:\/\//);
    expect(fr.smsLength).toMatchObject({ encoding: "GSM-7", segments: 1 });
    expect(fr.fieldErrors).toEqual({});

    const en = (english.result as { data: Preview }).data;
    expect(en.subject).toBe("Maison Lumière: your card is ready to claim");
    expect(en.text).toContain("Hello Jane,");
    expect(en.text).toMatch(/before [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M GMT\+[12]\./);
    expect(en.html).toContain("Claim your card");
  });

  it("counts an SMS in segments: GSM-7 up to 160 in one, UCS-2 (an emoji) 70 in one and 67 per part", async () => {
    const shop = uniqueShop();
    const long = `${"x".repeat(150)} {{ claim_url }}`;

    const gsm = await submitFetcher<Preview>(PAGE, shop, { intent: "preview", ...template("en", { smsBody: long }) });
    const ucs = await submitFetcher<Preview>(PAGE, shop, {
      intent: "preview",
      ...template("en", { smsBody: `🎁 {{ code }} {{ claim_url }}` }),
    });

    const gsmLength = (gsm.result as { data: Preview }).data.smsLength;
    expect(gsmLength.encoding).toBe("GSM-7");
    expect(gsmLength.segments).toBe(Math.ceil(gsmLength.length / 153));
    expect(gsmLength.length).toBeGreaterThan(160);
    const ucsLength = (ucs.result as { data: Preview }).data.smsLength;
    expect(ucsLength.encoding).toBe("UCS-2");
    expect(ucsLength.segments).toBe(ucsLength.length <= 70 ? 1 : Math.ceil(ucsLength.length / 67));
  });

  it("saves a template, shows it on reload, and resets it to the default", async () => {
    const shop = uniqueShop();
    const mine = template("en", { subject: "{{ shop.name }} has something for you, {{ customer.first_name | default: 'friend' }}" });

    const saved = await submitFetcher<Preview>(PAGE, shop, { intent: "save", ...mine });

    expect(saved.result).toMatchObject({ ok: true, data: { subject: expect.stringContaining("has something for you, Jane") } });
    expect(await db.messageTemplate.findUnique({ where: { shop_language: { shop, language: "en" } } })).toMatchObject({
      subject: mine.subject,
    });
    expect((await getPage(PAGE, shop)).text).toContain("has something for you");

    const reset = await submitFetcher(PAGE, shop, { intent: "reset", language: "en" });

    expect(reset.result).toMatchObject({ ok: true });
    expect(await db.messageTemplate.count({ where: { shop } })).toBe(0);
  });

  const refusals: [string, Partial<typeof DEFAULT_TEMPLATES.en>, string, string][] = [
    [
      "a syntax error",
      { emailBody: "Hello,\n\n{% if cards.size > 1 %}several" },
      "emailBody",
      "Line 3: Liquid syntax error: tag {% if cards.size > 1 %} not closed",
    ],
    ["an unknown variable", { subject: "{{ shop.email }}: your card" }, "subject", "Line 1: unknown variable shop.email"],
    [
      "an unknown property in a loop",
      { emailBody: "Hi\n{% for card in cards %}\n{{ card.price }}{% endfor %}" },
      "emailBody",
      "Line 3: unknown variable card.price",
    ],
    [
      "a script tag in the SMS",
      { smsBody: "<script>alert(1)</script> {{ claim_url }}" },
      "smsBody",
      "Line 1: HTML tags such as <script> are not allowed; write plain text",
    ],
    [
      "an SMS without the claim link",
      { smsBody: "Your code is {{ code }}" },
      "smsBody",
      "Must include claim_url, the link that claims the cards",
    ],
    ["the server's environment", { emailBody: "{{ process.env.DATABASE_URL }}" }, "emailBody", "Line 1: unknown variable process"],
    ["a file read", { emailBody: "Hi\n{% include '/etc/passwd' %}" }, "emailBody", "Line 2: the include tag is not allowed"],
    ["an object's prototype", { subject: "{{ shop.constructor.name }}" }, "subject", "Line 1: unknown variable shop.constructor"],
    [
      "a loop without end",
      { emailBody: "{% for i in (1..100000000) %}{{ i }}{% endfor %}" },
      "emailBody",
      "Line 1: the message takes too long or grows too large to render",
    ],
  ];

  for (const [what, fields, field, message] of refusals) {
    it(`refuses ${what} at its field with the line, and writes nothing`, async () => {
      const shop = uniqueShop();

      const { status, result } = await submitFetcher(PAGE, shop, { intent: "save", ...template("en", fields) });

      expect(status).toBe(200);
      expect(result).toMatchObject({ ok: false, fieldErrors: { [field]: message } });
      expect(await db.messageTemplate.count({ where: { shop } })).toBe(0);
      // The live preview says the same at the same field.
      const preview = await submitFetcher<Preview>(PAGE, shop, { intent: "preview", ...template("en", fields) });
      expect((preview.result as { data: Preview }).data.fieldErrors[field]).toBe(message);
    });
  }

  it("refuses in the merchant's language: French for a French admin", async () => {
    const shop = uniqueShop();

    const { result } = await submitFetcher(`${PAGE}?locale=fr`, shop, {
      intent: "save",
      ...template("fr", { subject: "{{ shop.email }}", smsBody: "<b>{{ claim_url }}</b>" }),
    });

    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        subject: `Ligne 1${NBSP}: variable inconnue shop.email`,
        smsBody: `Ligne 1${NBSP}: les balises HTML comme <b> ne sont pas permises\u202f; écrivez du texte brut`,
      },
    });
    expect(await db.messageTemplate.count({ where: { shop } })).toBe(0);
  });

  it("takes a logo that is an image and refuses one that is not, at its field", async () => {
    const shop = uniqueShop();
    await getPage(PAGE, shop);

    const json = await submitFetcher(PAGE, shop, { intent: "logo", logoUrl: `${adminApiStubUrl}/_stub/catalogue` });
    const svg = await submitFetcher(PAGE, shop, {
      intent: "logo",
      logoUrl: `${adminApiStubUrl}/images/${DEMO_PRODUCTS[0]!.imageFiles[0]!}`,
    });
    const missing = await submitFetcher(`${PAGE}?locale=fr`, shop, {
      intent: "logo",
      logoUrl: `${adminApiStubUrl}/images/nothing-here.png`,
    });

    expect(json.result).toMatchObject({
      ok: false,
      fieldErrors: { logoUrl: expect.stringMatching(/^Not an image: the address answered /) },
    });
    expect(svg.result).toMatchObject({
      ok: false,
      fieldErrors: { logoUrl: "A image/svg+xml image is not shown by e-mail clients: use PNG, JPEG, GIF or WebP" },
    });
    expect(missing.result).toMatchObject({ ok: false, fieldErrors: { logoUrl: "L’adresse a répondu HTTP 404, pas une image" } });
    expect((await db.shopProfile.findUniqueOrThrow({ where: { shop } })).customLogoUrl).toBeNull();

    const png = await submitFetcher(PAGE, shop, { intent: "logo", logoUrl: `${adminApiStubUrl}/images/logo.png` });

    expect(png.result).toMatchObject({ ok: true, data: { logoUrl: `${adminApiStubUrl}/images/logo.png` } });
    expect((await db.shopProfile.findUniqueOrThrow({ where: { shop } })).customLogoUrl).toBe(`${adminApiStubUrl}/images/logo.png`);
  });

  it("sends the edited message as a test, marked [Test], and refuses an address that is neither e-mail nor phone", async () => {
    const shop = await frenchShop();
    await getPage(PAGE, shop);

    const refused = await submitFetcher(PAGE, shop, { intent: "test", testTo: "not an address", ...template("fr") });
    const sent = await submitFetcher<{ providerMessageId: string; to: string }>(PAGE, shop, {
      intent: "test",
      testTo: "bonjour@maison-lumiere.example",
      ...template("fr", { subject: "Essai {{ shop.name }}" }),
    });

    expect(refused.result).toMatchObject({
      ok: false,
      fieldErrors: { testTo: "Give an e-mail address or a phone number in international format, e.g. +14155550123" },
    });
    expect(sent.result).toMatchObject({ ok: true, data: { to: "bonjour@maison-lumiere.example" } });
    const file = (sent.result as { data: { providerMessageId: string } }).data.providerMessageId.replace(/^local:/, "");
    const mail = await simpleParser(await readFile(path.join(messagesDir(), file)));
    expect(mail.subject).toBe("[Test] Essai Maison Lumière");
    expect(mail.from?.value[0]?.name).toBe("Maison Lumière");
    expect(mail.to).toMatchObject({ value: [{ address: "bonjour@maison-lumiere.example" }] });
    expect(mail.text).toContain("Bonjour Camille,");
    expect(await db.messageTemplate.count({ where: { shop } })).toBe(0);
  });
});
