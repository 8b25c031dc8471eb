import { randomBytes, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { Keypair } from "@solana/web3.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { registerName } from "~/domain/names.server";
import { setUpTagKeyring, tagKeyringState } from "~/domain/nfc-tags.server";
import { identityOf } from "~/domain/item-products.server";
import { issueTwinInput, NO_SERIAL, parseInput } from "~/domain/schemas";
import { issueTwinTo } from "~/domain/twins.server";
import { DEMO_SHOP } from "~/faces/demo/demo-mode.server";
import { hydrated, openAdminPage, shown, toast } from "../support/admin-browser";
import { launchBrowser, screenshot } from "../support/browser";

// The Physical proof card of a twin, the GTIN's links, the twins list's barcode report and Settings →
// NFC tag keys, as a merchant clicks them in the demo's admin, in English on a laptop (1,040 px) and in
// French on a phone (390 px), where nothing may scroll sideways.
const demoUrl = inject("demoUrl");
const LAPTOP = { width: 1040, height: 900 };
const PHONE = { width: 390, height: 844 };
const label = randomUUID().slice(0, 6);
const newUid = () => `04${randomBytes(6).toString("hex").toUpperCase()}`;
let browser: Browser;

/** A live twin of the demo shop issued for a variant whose barcode is `barcode`. */
async function demoTwin(title: string, barcode: string) {
  const name = await registerName(DEMO_SHOP, {
    name: `proof-${randomUUID().slice(0, 8)}`,
    publicKey: Keypair.generate().publicKey.toBase58(),
  });
  const input = parseInput(issueTwinInput, { public_key: name.public_key, name_id: name.uns_name_id, title, quantity: 1 });
  return issueTwinTo(DEMO_SHOP, input, NO_SERIAL, true, true, {
    productId: "gid://shopify/Product/1",
    variantId: "gid://shopify/ProductVariant/1",
    barcode,
    productUrl: null,
  });
}

let english: Awaited<ReturnType<typeof demoTwin>>;
let french: Awaited<ReturnType<typeof demoTwin>>;
let unreadable: Awaited<ReturnType<typeof demoTwin>>;

beforeAll(async () => {
  browser = await launchBrowser();
  english = await demoTwin(`Proof watch ${label}`, "4006381333931");
  french = await demoTwin(`Montre preuve ${label}`, "4006381333931");
  unreadable = await demoTwin(`Proof typo ${label}`, "4006381333932");
});
afterAll(async () => {
  await browser?.close();
});

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function open(path: string, locale: "en" | "fr", viewport: { width: number; height: number }) {
  const page = await openAdminPage(browser, demoUrl, path, locale);
  await page.setViewportSize(viewport);
  await hydrated(page);
  return page;
}

describe("physical proof in the admin (demo mode, Chromium)", { timeout: 180_000 }, () => {
  it("in English at 1,040 px: sets up the keys, binds a tag, shows its programming, refuses an http:// link, reports a barcode and downloads keys", async () => {
    expect((await tagKeyringState(DEMO_SHOP)).setUp).toBe(false);
    const digitalLink = (await identityOf(DEMO_SHOP, english.id))!.digitalLink!;
    const page = await open(`/app/twins/${english.id}`, "en", LAPTOP);
    await shown(page.getByRole("heading", { name: "Physical proof" }));
    await shown(page.getByRole("link", { name: digitalLink }));

    await page.getByRole("button", { name: "Set up tag keys" }).click();
    await shown(page.getByText("The shop's tag master key, shown this once"));
    expect(await page.locator("[data-master-key]").innerText()).toMatch(/^[0-9A-F]{32}$/);

    const uid = newUid();
    await page.getByLabel("Tag UID").fill(uid.match(/../g)!.join(":"));
    await page.getByRole("button", { name: "Bind tag" }).click();
    const tag = page.locator(`[data-tag-uid="${uid}"]`);
    await shown(tag.getByText("Never tapped"));
    await tag.getByRole("button", { name: "Programming" }).click();
    await shown(tag.getByText("URL to write (NDEF URI record)"));
    await shown(tag.getByText(`https://${DEMO_SHOP}/apps/twincards/t?picc_data=${"0".repeat(32)}&cmac=${"0".repeat(16)}`));
    const fileRead = tag.locator("p", { hasText: "Key 2: SDM file-read (MAC) key" });
    expect(await fileRead.innerText()).toMatch(/Key 2: SDM file-read \(MAC\) key\s+[0-9A-F]{32}$/);
    await screenshot(page, "proof-en-twin");

    const sustainability = page.getByLabel("Sustainability information (gs1:sustainabilityInfo)");
    await sustainability.fill("http://harbor-and-pine.example.com/sustainability");
    await page.getByRole("button", { name: "Save links" }).click();
    await shown(page.getByText("Must be an https:// address of at most 2,048 characters"));
    await expect.poll(() => sustainability.getAttribute("aria-invalid")).toBe("true");
    await sustainability.fill("https://harbor-and-pine.example.com/sustainability");
    await page.getByRole("button", { name: "Save links" }).click();
    await shown(toast(page, "Links saved"));
    expect(await sustainability.getAttribute("aria-invalid")).not.toBe("true");

    const twins = await open("/app/twins", "en", LAPTOP);
    const report = twins.locator(`[data-barcode-report="${unreadable.id}"]`);
    await shown(twins.getByText("Barcodes that are not GTINs"));
    expect(await report.innerText()).toBe(`Proof typo ${label} — Barcode “4006381333932”: its check digit is wrong`);
    expect(await twins.locator(`[data-barcode-report="${english.id}"]`).count()).toBe(0);
    await screenshot(twins, "proof-en-barcodes");

    const settings = await open("/app/settings", "en", LAPTOP);
    const other = newUid();
    await settings.getByLabel("Tag UIDs").fill(`${uid}\n${other}`);
    const [download] = await Promise.all([
      settings.waitForEvent("download"),
      settings.getByRole("button", { name: "Download keys (CSV)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^twin-cards-tag-keys-\d{4}-\d\d-\d\d\.csv$/);
    const lines = (await readFile((await download.path())!, "utf8")).trim().split("\r\n");
    expect(lines[0]).toMatch(/^UID,Key 0: application master key,/);
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual([uid, other]);
    // The bound tag's file-read key is the one its Programming panel shows.
    expect(await fileRead.innerText()).toContain(lines[1]!.split(",")[3]!);
  });

  it("in French at 390 px: the same card, the links' refusal, the barcode report and a refused UID list, nothing scrolling sideways", async () => {
    if (!(await tagKeyringState(DEMO_SHOP)).setUp) await setUpTagKeyring(DEMO_SHOP, "");
    const page = await open(`/app/twins/${french.id}`, "fr", PHONE);
    await shown(page.getByRole("heading", { name: "Preuve physique" }));
    const uid = newUid();
    await page.getByLabel("UID de la puce").fill(uid);
    await page.getByRole("button", { name: "Associer la puce" }).click();
    const tag = page.locator(`[data-tag-uid="${uid}"]`);
    await shown(tag.getByText("Jamais lue"));
    await tag.getByRole("button", { name: "Programmation" }).click();
    await shown(tag.getByText(`https://${DEMO_SHOP}/apps/twincards/t?picc_data=${"0".repeat(32)}&cmac=${"0".repeat(16)}`));

    const instructions = page.getByLabel("Mode d’emploi (gs1:instructions)");
    await instructions.fill("http://harbor-and-pine.example.com/soin");
    await page.getByRole("button", { name: "Enregistrer les liens" }).click();
    await shown(page.getByText("Doit être une adresse en https:// de 2\u202f048 caractères au plus"));
    await expect.poll(() => instructions.getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "proof-fr-phone-twin");
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    const twins = await open("/app/twins", "fr", PHONE);
    await shown(twins.getByText("Codes-barres qui ne sont pas des GTIN"));
    expect(await twins.locator(`[data-barcode-report="${unreadable.id}"]`).innerText()).toBe(
      `Proof typo ${label} — Code-barres «\u00a04006381333932\u00a0»\u00a0: sa clé de contrôle est fausse`,
    );
    await screenshot(twins, "proof-fr-phone-barcodes");
    expect(await pageWidth(twins)).toBeLessThanOrEqual(PHONE.width);

    const settings = await open("/app/settings", "fr", PHONE);
    await settings.getByLabel("UID des puces").fill(`${uid}\npas un UID`);
    await settings.getByRole("button", { name: "Télécharger les clés (CSV)" }).click();
    await shown(settings.getByText("La ligne 2 n’est pas un UID de 7 octets (14 chiffres hexadécimaux)"));
    await screenshot(settings, "proof-fr-phone-settings");
    expect(await pageWidth(settings)).toBeLessThanOrEqual(PHONE.width);
  });
});
