import { describe, expect, it } from "vitest";
import { runIntent } from "~/faces/admin/action-result.server";
import { conflict, DomainError, notFound } from "~/domain/errors";
import { createBatchInput, createCardInput, issueTwinInput, parseInput, registerNameInput } from "~/domain/schemas";
import { translateDomainMessage, translateOrderOutcome } from "~/faces/admin/i18n/domain-messages";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { reminderSettingInput } from "~/domain/code-reminders.server";
import { bulkCardIds } from "~/domain/card-list.server";
import { bulkIds } from "~/domain/list-search";
import { bulkTwinIds } from "~/domain/twin-list.server";

// The domain words its errors in English (as /v1 answers them); the admin shows them in the merchant's language.
const french = await translatorFor(new Request("https://app.example.com/app?locale=fr"));
const english = await translatorFor(new Request("https://app.example.com/app"));
const WALLET = "3uKCM4z2DzanuJPshZwwzqrxjAuzNqkmcb5rmAAonnpe";

/** The field messages the domain gives for `input`, as the admin forms submit it. */
function domainMessages(schema: Parameters<typeof parseInput>[0], input: unknown): string[] {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (error instanceof DomainError) return error.details.map((detail) => detail.message);
    throw error;
  }
  throw new Error("The input was valid");
}

// Inputs a merchant can send from the admin's forms, each wrong in its own way.
const BAD_INPUTS: [string, Parameters<typeof parseInput>[0], unknown][] = [
  ["card to a bad e-mail", createCardInput, { name: "VIP", media: { imageUrls: [] }, email: "jane@" }],
  ["card to a bad phone", createCardInput, { name: "VIP", media: { imageUrls: [] }, phone: "12" }],
  ["card without a name, with a bad image", createCardInput, { name: "", media: { imageUrls: ["ftp://x"] }, email: "a@example.com" }],
  ["card with a long name, to nobody", createCardInput, { name: "x".repeat(300), media: { imageUrls: [] } }],
  ["card to a bad wallet", createCardInput, { name: "VIP", media: { imageUrls: [] }, owner: "shopify|1", publicKey: "abc" }],
  [
    "card to both",
    createCardInput,
    { name: "VIP", media: { imageUrls: [] }, owner: "shopify|1", publicKey: WALLET, email: "a@example.com" },
  ],
  [
    "batch with a bad code and date",
    createBatchInput,
    {
      redemption: { email: "a@example.com", code: "ab!", expiresAt: "2001-01-01T00:00:00Z" },
      cards: [{ name: "A", media: { imageUrls: [] } }],
    },
  ],
  ["batch with a short code and no cards", createBatchInput, { redemption: { email: "a@example.com", code: "ABC" }, cards: [] }],
  ["batch to an owner without a key", createBatchInput, { owner: "nobody", cards: [{ name: "A", media: { imageUrls: [] } }] }],
  ["name too short", registerNameInput, { name: "ab", publicKey: WALLET }],
  ["reminder days out of range", reminderSettingInput, { reminderDays: "45" }],
  [
    "twin without a title, priced in bad decimals",
    issueTwinInput,
    { name_id: "n", public_key: WALLET, quantity: 0, price: 1.5, currency: "JPY" },
  ],
  ["twin with half a price", issueTwinInput, { name_id: "n", public_key: WALLET, title: "T", quantity: 1.5, price: 10 }],
  [
    "twin with a bad currency",
    issueTwinInput,
    { name_id: "n", public_key: WALLET, title: "T", quantity: Number.NaN, price: 10, currency: "EURO" },
  ],
];

describe("domain errors in the admin", () => {
  it("are all in French for a French merchant: the admin's table knows every message its forms can get", () => {
    for (const [what, schema, input] of BAD_INPUTS) {
      for (const message of domainMessages(schema, input)) {
        expect(translateDomainMessage(french, message), `${what}: ${message}`).not.toBe(message);
      }
    }
  });

  it("refuse a list's bulk selection in French, for each list", () => {
    const refusals = (select: (ids: string[]) => unknown) =>
      [[], Array.from({ length: 101 }, (_, index) => `x${index}`), ["not-an-id"]].map((ids) => {
        try {
          select(ids);
        } catch (error) {
          if (error instanceof DomainError) return error.details[0]!.message;
        }
        throw new Error("The selection was taken");
      });
    const lists: [string, (ids: string[]) => unknown][] = [
      ["cards", bulkCardIds],
      ["twins", bulkTwinIds],
      ["notifications", (ids) => bulkIds(ids, "ntf", { one: "notification", other: "notifications" })],
    ];
    for (const [list, select] of lists) {
      const said = refusals(select).map((message) => translateDomainMessage(french, message));
      expect(said[0], list).toMatch(/^Sélectionnez au moins un/);
      expect(said[1], list).toMatch(/^Sélectionnez 100 \S+ au plus$/);
      expect(said[2], list).toMatch(/^Ce n’est pas une? \S+ de cette liste$/);
    }
  });

  it("stay exactly as the domain wrote them in English", () => {
    for (const [, schema, input] of BAD_INPUTS) {
      for (const message of domainMessages(schema, input)) expect(translateDomainMessage(english, message)).toBe(message);
    }
  });

  it("carry the values the domain put in them", () => {
    expect(translateDomainMessage(french, "Must be a valid e-mail address")).toBe("Saisissez une adresse e-mail valide");
    expect(translateDomainMessage(french, "Must be at most 80 characters")).toBe("80 caractères au maximum");
    expect(translateDomainMessage(french, "JPY allows at most 0 decimal places")).toBe("JPY accepte au plus 0 décimales");
    expect(translateDomainMessage(french, 'The name "chloe-9087" is already taken')).toBe("Le nom «\u00a0chloe-9087\u00a0» est déjà pris");
    expect(translateDomainMessage(french, 'Duplicate key "a "b" c"')).toBe('Clé «\u00a0a "b" c\u00a0» en double');
  });

  it("say in French why a rule's edition refused an order line or a smaller size", () => {
    expect(translateDomainMessage(french, "The edition is complete: all 250 were issued")).toBe(
      "L’édition est complète\u00a0: les 250 ont été émis",
    );
    expect(translateDomainMessage(french, "The edition has 2 left of 250; this line needs 3")).toBe(
      "Il reste 2 sur 250 dans l’édition\u202f; cette ligne en demande 3",
    );
    expect(translateDomainMessage(french, "The rule has already issued 37: the edition cannot be smaller")).toBe(
      "La règle en a déjà émis 37\u00a0: l’édition ne peut pas être plus petite",
    );
  });

  it("that nobody translated yet stay readable, in English", () => {
    expect(translateDomainMessage(french, "Something new went wrong")).toBe("Something new went wrong");
  });

  it("come back from an admin action in French, under their fields and summed up", async () => {
    const result = await runIntent("create-card", french, async () =>
      parseInput(createCardInput, { name: "", media: { imageUrls: [] }, email: "jane@" }),
    );

    expect(result).toEqual({
      intent: "create-card",
      ok: false,
      message: "Saisie non valide\u00a0: name\u00a0: Ne doit pas être vide (et 1 de plus)",
      fieldErrors: { name: "Ne doit pas être vide", email: "Saisissez une adresse e-mail valide" },
    });
  });

  it("sum up in English exactly as the domain does", async () => {
    const error = (() => {
      try {
        parseInput(createCardInput, { name: "", media: { imageUrls: [] }, email: "jane@" });
      } catch (caught) {
        return caught as DomainError;
      }
    })();
    const result = await runIntent("create-card", english, async () => {
      throw error;
    });
    expect(result.ok === false && result.message).toBe(error!.message);
  });

  it("include conflicts and not-found answers", async () => {
    const taken = await runIntent("register-name", french, async () => {
      throw conflict('The name "jane" is already taken', [{ path: "name", message: "Already taken" }]);
    });
    expect(taken).toMatchObject({ ok: false, message: "Le nom «\u00a0jane\u00a0» est déjà pris", fieldErrors: { name: "Déjà pris" } });

    const missing = await runIntent("revoke", french, async () => {
      throw notFound("API key");
    });
    expect(missing).toMatchObject({ ok: false, message: "Clé d’API introuvable" });

    const resend = await runIntent("resend", french, async () => {
      throw conflict("Only failed notifications can be resent");
    });
    expect(resend).toMatchObject({ ok: false, message: "Seules les notifications en échec peuvent être renvoyées" });
  });
});

// What became of an order webhook: the domain counts and words it in English, the admin says it in French.
describe("order webhook outcomes", () => {
  it.each([
    ["Order #1051: issued 1 item", "Commande #1051\u00a0: 1 article émis"],
    ["Order #1051: issued 3 items", "Commande #1051\u00a0: 3 articles émis"],
    ["Order #1051: issued 2 items, 1 failed", "Commande #1051\u00a0: 2 articles émis, 1 en échec"],
    ["Voided 1 unclaimed card", "1 carte non récupérée annulée"],
    ["Voided 4 unclaimed cards", "4 cartes non récupérées annulées"],
    ["Order #1051 was cancelled", "La commande #1051 a été annulée"],
    ["No rule matches the products of order #1051", "Aucune règle ne correspond aux produits de la commande #1051"],
    [
      "Order #1051: 3 items wait for the plan (Free: 50 a month)",
      "Commande #1051\u00a0: 3 articles attendent la formule (Free\u00a0: 50 par mois)",
    ],
    [
      "Order #1051: 1 item waits for the plan (Free: 50 a month)",
      "Commande #1051\u00a0: 1 article attend la formule (Free\u00a0: 50 par mois)",
    ],
  ])("%j in French: %j", (outcome, inFrench) => {
    expect(translateOrderOutcome(french, outcome)).toBe(inFrench);
    expect(translateOrderOutcome(english, outcome)).toBe(outcome);
  });

  it("leaves an outcome it does not know as the domain wrote it", () => {
    expect(translateOrderOutcome(french, "Order #1: issued 1 item(s)")).toBe("Order #1: issued 1 item(s)");
  });
});
