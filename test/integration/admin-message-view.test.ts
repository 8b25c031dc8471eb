import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import type { ClaimNotificationPayload } from "~/domain/notifications.server";
import { getPage } from "../support/admin";
import { uniqueShop } from "../support/api";
import { sendLocalCopy } from "../support/notify";

// "View message" in the demo: the local copy the dispatcher's local transport
// really writes (quoted-printable e-mail, folded lines), shown as the customer
// reads it.

const written: string[] = [];
afterAll(() => written.forEach((file) => rmSync(file, { force: true })));

/** A card by redemption whose claim message went through the local transport, as the demo's dispatcher sends it. */
async function deliveredLocally(shop: string, destination: { email?: string; phone?: string }) {
  await createCard(shop, {
    name: "Limited edition print with a rather long name",
    media: { imageUrls: ["https://cdn.example.com/print.png"] },
    ...destination,
  });
  const row = await db.notification.findFirstOrThrow({ where: { shop } });
  written.push(await sendLocalCopy(row.id));
  return { row, payload: row.payload as unknown as ClaimNotificationPayload };
}

describe("a claim e-mail's local copy in admin", () => {
  it("is decoded: the code and claim link read as the customer reads them, no quoted-printable left", async () => {
    const shop = uniqueShop();
    const { row, payload } = await deliveredLocally(shop, { email: "reader@example.com" });

    const page = await getPage(`/app/notifications/${row.id}`, shop);

    expect(page.status).toBe(200);
    expect(page.text).toContain("Subject:");
    expect(page.body).not.toContain("=3D");
    expect(page.body).not.toMatch(/=\r?\n/);
    // The HTML part, in a frame that runs no script and opens links in a new tab.
    expect(page.body).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(page.body).toContain(payload.claimUrl);
    expect(page.body).toContain(payload.code);
    expect(page.text).toContain("To: reader@example.com");
  });
});

describe("a claim SMS's local copy in admin", () => {
  it("shows the text with the claim link as a link", async () => {
    const shop = uniqueShop();
    const { row, payload } = await deliveredLocally(shop, { phone: "+14155550123" });

    const page = await getPage(`/app/notifications/${row.id}`, shop);

    expect(page.status).toBe(200);
    expect(page.text).toContain(payload.code);
    expect(page.body).toContain(`href="${payload.claimUrl}"`);
    expect(page.text).toContain("Notification to +14155550123");
  });
});
