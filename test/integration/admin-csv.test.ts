import { describe, expect, it } from "vitest";
import { createCard } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { uniqueShop } from "../support/api";
import { csvFile, exportCsv, sendCsv } from "../support/csv";
import { uniqueName, uniqueOwner, walletKey } from "../support/fixtures";
import { rowsOf } from "../support/rows";

// Import CSV and the CSV exports (issue 27, item 3): every row checked before anything is
// written, a file imported whole or not at all, exports streamed in the admin's locale.

const HEADER = ["name", "image_url", "owner", "public_key", "email", "phone", "metadata:tier"];
const nothing = { cards: 0, redemptions: 0, notifications: 0 };

function ownerRow(name: string, tier = "gold") {
  return [name, "https://cdn.example.com/a.png https://cdn.example.com/b.png", uniqueOwner(), walletKey(), "", "", tier];
}

describe("Import CSV", () => {
  it("round trip: a file imported is exported back with the same cards", async () => {
    const shop = uniqueShop();
    const owned = [ownerRow("Gold pass"), ownerRow("Silver pass", "silver")];
    const file = csvFile([HEADER, ...owned, ["Claim pass", "", "", "", "jane@example.com", "", "bronze"]]);

    const preview = await sendCsv(shop, "preview", file);
    expect(preview.status).toBe(200);
    expect(preview.json).toEqual({ rows: 3, owners: 2, redemptions: 1, plan: null });
    expect(await rowsOf(shop)).toEqual(nothing);

    const imported = await sendCsv(shop, "import", file);
    expect(imported.status).toBe(200);
    expect(imported.lines[0]).toEqual({ done: 0, total: 3 });
    expect(imported.last).toEqual({ done: 3, total: 3, imported: 3 });
    expect(await rowsOf(shop)).toEqual({ cards: 3, redemptions: 1, notifications: 1 });

    const exported = await exportCsv(shop, "cards");
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toMatch(/attachment; filename="twin-cards-cards-\d{4}-\d{2}-\d{2}\.csv"/);
    const byName = Object.fromEntries(exported.rows.map((row) => [row.name, row]));
    expect(Object.keys(byName).sort()).toEqual(["Claim pass", "Gold pass", "Silver pass"]);
    for (const [name, image, owner, publicKey, , , tier] of owned) {
      expect(byName[name!]).toMatchObject({ status: "OWNED", owner, public_key: publicKey, image_url: image, "metadata:tier": tier });
    }
    expect(byName["Claim pass"]).toMatchObject({
      status: "PENDING_REDEMPTION",
      owner: "",
      email: "j***@example.com",
      "metadata:tier": "bronze",
    });
  });

  it("accepts a UTF-8 BOM, Windows line ends and semicolons (a French spreadsheet's CSV)", async () => {
    const shop = uniqueShop();
    const key = walletKey();
    const file = `\uFEFFname;owner;public_key\r\nCarte été;shopify|42;${key}\r\n`;

    const imported = await sendCsv(shop, "import", file);

    expect(imported.last).toMatchObject({ imported: 1 });
    const [row] = (await exportCsv(shop, "cards")).rows;
    expect(row).toMatchObject({ name: "Carte été", owner: "shopify|42", public_key: key });
  });

  it("refuses a wrong header, naming the unknown and the missing columns, and writes nothing", async () => {
    const shop = uniqueShop();

    const unknown = await sendCsv(
      shop,
      "import",
      csvFile([
        ["name", "colour", "email"],
        ["Gold", "red", "jane@example.com"],
      ]),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.json?.error).toContain("Unknown column: colour.");

    const missing = await sendCsv(
      shop,
      "preview",
      csvFile([
        ["image_url", "owner"],
        ["https://cdn.example.com/a.png", "shopify|1"],
      ]),
    );
    expect(missing.status).toBe(422);
    expect(missing.json?.error).toBe("Missing columns: name, public_key.");

    const french = await sendCsv(
      shop,
      "preview",
      csvFile([
        ["nom", "email"],
        ["Or", "jane@example.com"],
      ]),
      "fr",
    );
    expect(french.json?.error).toContain("Colonne inconnue\u00a0: nom.");
    expect(await rowsOf(shop)).toEqual(nothing);
  });

  it("shows a bad row's number and column in the preview, and an import of that file writes nothing", async () => {
    const shop = uniqueShop();
    const file = csvFile([
      HEADER,
      ownerRow("Good"),
      ["Bad", "javascript:alert(1)", "shopify|1", "not-a-key", "", "", "gold"],
      ownerRow(""),
    ]);

    const preview = await sendCsv(shop, "preview", file);

    expect(preview.status).toBe(422);
    expect(preview.json?.errorCount).toBe(3);
    const errors = preview.json?.errors as { row: number; column: string; message: string }[];
    expect(errors.map(({ row, column }) => [row, column])).toEqual([
      [3, "image_url"],
      [3, "public_key"],
      [4, "name"],
    ]);
    expect(errors[1]!.message).toMatch(/public key/i);

    const imported = await sendCsv(shop, "import", file);
    expect(imported.status).toBe(422);
    expect(await rowsOf(shop)).toEqual(nothing);
  });

  it("refuses 10,001 rows with a clear message and writes nothing", async () => {
    const shop = uniqueShop();
    const rows = Array.from({ length: 10_001 }, (_, index) => [`Card ${index}`, `c${index}@example.com`]);

    const answer = await sendCsv(shop, "import", csvFile([["name", "email"], ...rows]));

    expect(answer.status).toBe(422);
    expect(answer.json?.error).toBe(
      "The file has 10001 card rows; at most 10000 can be imported at once. Nothing was saved: split it into smaller files.",
    );
    expect(await rowsOf(shop)).toEqual(nothing);
  });

  it("refuses a file that is not CSV", async () => {
    const shop = uniqueShop();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff, 0xfe]);

    const answer = await sendCsv(shop, "preview", png);

    expect(answer.status).toBe(422);
    expect(answer.json?.error).toContain("This file isn’t a CSV file");
    expect(await rowsOf(shop)).toEqual(nothing);
  });

  it("imports 10,000 rows in one go", { timeout: 600_000 }, async () => {
    const shop = uniqueShop();
    // A hundred wallets, each owning a hundred of the cards (a key may own many).
    const keys = Array.from({ length: 100 }, walletKey);
    const rows = Array.from({ length: 10_000 }, (_, index) => [`Member ${index}`, "shopify|7", keys[index % 100]!]);
    const file = csvFile([["name", "owner", "public_key"], ...rows]);

    expect((await sendCsv(shop, "preview", file)).json).toEqual({ rows: 10_000, owners: 10_000, redemptions: 0, plan: null });
    const started = performance.now();
    const imported = await sendCsv(shop, "import", file);
    const seconds = (performance.now() - started) / 1000;

    console.log(`Imported 10,000 cards in ${seconds.toFixed(1)} s`);
    expect(imported.last).toEqual({ done: 10_000, total: 10_000, imported: 10_000 });
    // Progress was reported on the way, not only at the end.
    expect(imported.lines.length).toBeGreaterThan(50);
    expect((await rowsOf(shop)).cards).toBe(10_000);
  });
});

describe("CSV exports", () => {
  it("escapes formula cells so a spreadsheet shows them as text", async () => {
    const shop = uniqueShop();
    await createCard(shop, {
      media: {},
      name: '=HYPERLINK("https://evil.example.com","Click")',
      metadata: [{ key: "note", value: "+1 call me" }],
      owner: uniqueOwner(),
      publicKey: walletKey(),
    });

    const exported = await exportCsv(shop, "cards");

    expect(exported.text).toContain(`"'=HYPERLINK(""https://evil.example.com"",""Click"")"`);
    expect(exported.rows[0]).toMatchObject({ name: `'=HYPERLINK("https://evil.example.com","Click")`, "metadata:note": "'+1 call me" });
  });

  it("never exports another shop's cards, and refuses a request without the admin's session", async () => {
    const shop = uniqueShop();
    const other = uniqueShop();
    await createCard(shop, { name: "Ours", media: {}, owner: uniqueOwner(), publicKey: walletKey() });
    await createCard(other, { name: "Theirs", media: {}, owner: uniqueOwner(), publicKey: walletKey() });

    const exported = await exportCsv(shop, "cards");
    expect(exported.rows.map((row) => row.name)).toEqual(["Ours"]);
    expect(exported.text).not.toContain("Theirs");

    const anonymous = await exportCsv(shop, "cards", "en", { token: null });
    expect(anonymous.headers.get("content-type")).not.toMatch(/text\/csv/);
    expect(anonymous.text).not.toContain("Ours");
  });

  it("writes French dates, decimal commas and semicolons for a French admin", async () => {
    const shop = uniqueShop();
    await createCard(shop, {
      media: {},
      name: "Veste",
      metadata: [
        { key: "price", value: [189.9, "EUR"], metaType: "PRICE" },
        { key: "weight", value: 1.25 },
      ],
      owner: uniqueOwner(),
      publicKey: walletKey(),
    });

    const french = await exportCsv(shop, "cards", "fr");
    const english = await exportCsv(shop, "cards", "en");

    expect(french.text.split("\r\n")[0]).toMatch(/^\uFEFF?id;name;status;/);
    expect(french.rows[0]).toMatchObject({ "metadata:price": "189,9 EUR", "metadata:weight": "1,25" });
    expect(french.rows[0]!.created_at).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(english.rows[0]).toMatchObject({ "metadata:price": "189.9 EUR", "metadata:weight": "1.25" });
    expect(english.rows[0]!.created_at).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}$/);
  });

  it("exports twins and the activity of the shop", async () => {
    const shop = uniqueShop();
    const name = await registerName(shop, { name: uniqueName("csv"), publicKey: walletKey(), owner: uniqueOwner() });
    const twin = await issueTwin(shop, {
      name_id: name.uns_name_id,
      public_key: name.public_key,
      title: "Jacket",
      quantity: 1,
      price: 189.9,
      currency: "EUR",
      brand: "Northwind",
      categories: [],
      links: [],
    });
    const card = await createCard(shop, { name: "Pass", media: {}, owner: uniqueOwner(), publicKey: walletKey() });

    const twins = await exportCsv(shop, "twins", "fr");
    expect(twins.rows).toEqual([
      expect.objectContaining({ id: twin.id, title: "Jacket", price: "189,9", currency: "EUR", brand: "Northwind" }),
    ]);

    const activity = await exportCsv(shop, "activity");
    expect(activity.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "unit_card.created", object_type: "unit_card", object_id: card.id }),
        expect.objectContaining({ type: "digital_twin.issued", object_id: twin.id }),
      ]),
    );
    expect((await exportCsv(shop, "nonsense")).status).toBe(404);
  });
});
