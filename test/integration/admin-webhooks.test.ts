import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { fieldValues, getPage, postForm, visibleText } from "../support/admin";
import { uniqueShop } from "../support/api";
import { cardInput, uniqueOwner, walletKey } from "../support/fixtures";

// Settings → Webhooks: endpoints added (secret shown once), disabled ones flagged, deliveries listed and resent.

const PAGE = "/app/settings/webhooks";

describe("settings: webhooks", () => {
  it("adds an endpoint showing its signing secret once, and refuses a URL that is not https with the field's error, adding nothing", async () => {
    const shop = uniqueShop();
    const refused = await postForm(PAGE, shop, { intent: "create", url: "http://example.com/hooks", eventTypes: "*" });
    expect(refused.status).toBe(200);
    expect(visibleText(refused.body)).toContain("Must be https://");
    expect(await db.webhookEndpoint.count({ where: { shop } })).toBe(0);

    const created = await postForm(PAGE, shop, { intent: "create", url: "https://example.com/hooks", eventTypes: "*", description: "ERP" });
    expect(created.status).toBe(200);
    expect(visibleText(created.body)).toContain("Copy the signing secret of https://example.com/hooks now");
    const secret = fieldValues(created.body).find((value) => value.startsWith("whsec_"));
    expect(secret).toBeDefined();
    expect(await db.webhookEndpoint.findFirstOrThrow({ where: { shop } })).toMatchObject({
      url: "https://example.com/hooks",
      eventTypes: ["*"],
      status: "ENABLED",
    });

    const reloaded = await getPage(PAGE, shop);
    expect(visibleText(reloaded.body)).toContain("https://example.com/hooks");
    expect(reloaded.body).not.toContain(secret!);
  });

  it("lists deliveries with their status, queues a test event and a resend, and flags a disabled endpoint until it is enabled", async () => {
    const shop = uniqueShop();
    await postForm(PAGE, shop, { intent: "create", url: "https://example.com/hooks", eventTypes: "unit_card.created" });
    const endpoint = await db.webhookEndpoint.findFirstOrThrow({ where: { shop } });
    await createCard(shop, { ...cardInput(), owner: uniqueOwner(), publicKey: walletKey() });
    const [delivery] = await db.webhookDelivery.findMany({ where: { shop } });
    await db.webhookDelivery.update({
      where: { id: delivery!.id },
      data: { status: "FAILED", attempts: 1, responseStatus: 410, lastError: "The endpoint answered 410" },
    });

    const page = visibleText((await getPage(PAGE, shop)).body);
    expect(page).toContain("unit_card.created");
    expect(page).toContain("Failed");
    expect(page).toContain("410");

    await postForm(PAGE, shop, { intent: "resend", id: delivery!.id });
    await postForm(PAGE, shop, { intent: "test", id: endpoint.id });
    const deliveries = await db.webhookDelivery.findMany({ where: { shop }, include: { event: true }, orderBy: { id: "asc" } });
    expect(deliveries.map((row) => [row.event.type, row.status])).toEqual([
      ["unit_card.created", "FAILED"],
      ["unit_card.created", "PENDING"],
      ["webhook_endpoint.test", "PENDING"],
    ]);
    expect(visibleText((await getPage(PAGE, shop)).body)).toContain("Pending");

    await db.webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { status: "DISABLED", disabledReason: "Deliveries failed for 3 days; the last: The endpoint answered 503" },
    });
    const flagged = visibleText((await getPage(PAGE, shop)).body);
    expect(flagged).toContain("https://example.com/hooks was disabled");
    expect(flagged).toContain("Deliveries failed for 3 days; the last: The endpoint answered 503");

    await postForm(PAGE, shop, { intent: "enable", id: endpoint.id });
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
      status: "ENABLED",
      disabledReason: null,
    });
  });

  it("is linked from Settings, in French too", async () => {
    const shop = uniqueShop();
    expect(visibleText((await getPage("/app/settings", shop)).body)).toContain("Manage webhooks");
    const french = visibleText((await getPage(`${PAGE}?locale=fr`, shop)).body);
    expect(french).toContain("Ajouter un point de terminaison");
  });
});
