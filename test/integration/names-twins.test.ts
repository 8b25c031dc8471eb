import type { IssueDigitalTwinInput } from "@twin-cards/client";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { apiError, http, shopClient } from "../support/api";
import { offCurveKey, uniqueName, walletKey } from "../support/fixtures";

/** A raw call: status, headers and the parsed JSON body, exactly as an integrator sees them. */
async function call(path: string, init: Parameters<typeof http>[1] = {}) {
  const response = await http(path, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: JSON.parse(text) as Record<string, unknown> };
}

const post = (path: string, key: string, body: unknown) => call(path, { method: "POST", key, body: JSON.stringify(body) });

const detailPaths = (body: Record<string, unknown>) =>
  ((body.error as { details: { path: string }[] }).details ?? []).map((detail) => detail.path);

/** Registers a fresh name for a fresh wallet key and returns what validate-name says about it (step 1). */
async function registeredName(client: Awaited<ReturnType<typeof shopClient>>["client"]) {
  const name = uniqueName("twin");
  const publicKey = walletKey();
  await client.names.register({ name, publicKey });
  const validation = await client.names.validate(name);
  return { name, publicKey, validation };
}

describe("POST /v1/names", () => {
  it("registers a name and answers 201 with uns_name, uns_name_id and public_key", async () => {
    const { key } = await shopClient();
    const name = uniqueName();
    const publicKey = walletKey();

    const response = await post("/v1/names", key, { name, publicKey });

    expect(response.status).toBe(201);
    expect(response.json).toEqual({ data: { uns_name: name, uns_name_id: expect.any(String), public_key: publicKey, livemode: true } });
  });

  it("stores the name trimmed and lowercased", async () => {
    const { client } = await shopClient();
    const name = uniqueName("mixed");

    const record = await client.names.register({ name: `  ${name.toUpperCase()}  `, publicKey: walletKey() });

    expect(record.uns_name).toBe(name);
    const validation = await client.names.validate(name);
    expect(validation).toMatchObject({ available: true, payload: { uns_name: name, uns_name_id: record.uns_name_id } });
  });

  it("answers 409 CONFLICT for a name that is taken, also when cased differently, and keeps the first owner's key", async () => {
    const { client } = await shopClient();
    const name = uniqueName("taken");
    const firstKey = walletKey();
    await client.names.register({ name, publicKey: firstKey });

    const same = await apiError(client.names.register({ name, publicKey: walletKey() }));
    const cased = await apiError(client.names.register({ name: name.toUpperCase(), publicKey: walletKey() }));

    for (const error of [same, cased]) {
      expect(error.status).toBe(409);
      expect(error.code).toBe("CONFLICT");
    }
    expect(await db.universalName.count({ where: { name } })).toBe(1);
    expect((await client.names.validate(name)).payload.public_key).toBe(firstKey);
  });

  it.each([
    ["too short", "ab"],
    ["too long", "a".repeat(33)],
    ["a space inside", "jane doe"],
    ["a character outside a-z 0-9 . _ -", "jane!doe"],
    ["non-ASCII letters", "jäne"],
  ])("rejects a name with %s with 422 naming `name` and writes nothing", async (_label, name) => {
    const { shop, client } = await shopClient();

    const error = await apiError(client.names.register({ name, publicKey: walletKey() }));

    expect(error.status).toBe(422);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.details.map((detail) => detail.path)).toEqual(["name"]);
    expect(await db.universalName.count({ where: { registeredByShop: shop } })).toBe(0);
  });

  it("rejects an off-curve public key with 422 naming `publicKey` and writes nothing", async () => {
    const { shop, client } = await shopClient();
    const name = uniqueName("pda");

    const error = await apiError(client.names.register({ name, publicKey: offCurveKey() }));

    expect(error.status).toBe(422);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.details.map((detail) => detail.path)).toEqual(["publicKey"]);
    expect(await db.universalName.count({ where: { registeredByShop: shop } })).toBe(0);
    expect((await client.names.validate(name)).available).toBe(false);
  });

  it("rejects a public key that is not base58 or is the all-zero key with 422 naming `publicKey`", async () => {
    const { shop, client } = await shopClient();

    for (const publicKey of ["not-a-key", "11111111111111111111111111111111", ""]) {
      const error = await apiError(client.names.register({ name: uniqueName(), publicKey }));
      expect(error.status).toBe(422);
      expect(error.details.map((detail) => detail.path)).toContain("publicKey");
    }
    expect(await db.universalName.count({ where: { registeredByShop: shop } })).toBe(0);
  });
});

describe("GET /v1/validate-name", () => {
  it("says a registered name is available, with its id and public key", async () => {
    const { client } = await shopClient();
    const name = uniqueName();
    const publicKey = walletKey();
    const record = await client.names.register({ name, publicKey });

    const validation = await client.names.validate(name);

    expect(validation).toEqual({
      available: true,
      payload: { uns_name: name, uns_name_id: record.uns_name_id, public_key: publicKey, livemode: true },
    });
  });

  it("says an unknown name is not available, with a payload of only uns_name", async () => {
    const { key } = await shopClient();
    const name = uniqueName("nobody");

    const response = await call(`/v1/validate-name?name=${name}`, { key });

    expect(response.status).toBe(200);
    expect(response.json).toEqual({ data: { available: false, payload: { uns_name: name } } });
  });

  it("validates a name given in other case or with spaces as the registered name", async () => {
    const { client } = await shopClient();
    const name = uniqueName();
    await client.names.register({ name, publicKey: walletKey() });

    const validation = await client.names.validate(` ${name.toUpperCase()} `);

    expect(validation.available).toBe(true);
    expect(validation.payload.uns_name).toBe(name);
  });

  it("rejects a malformed name with 422 naming `name`", async () => {
    const { client } = await shopClient();

    for (const name of ["x", "no spaces allowed", "a".repeat(40), "semi;colon"]) {
      const error = await apiError(client.names.validate(name));
      expect(error.status).toBe(422);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.details.map((detail) => detail.path)).toEqual(["name"]);
    }
  });

  it("rejects a request without the name parameter with 422 naming `name`", async () => {
    const { key } = await shopClient();

    const response = await call("/v1/validate-name", { key });

    expect(response.status).toBe(422);
    expect((response.json.error as { code: string }).code).toBe("VALIDATION_FAILED");
    expect(detailPaths(response.json)).toContain("name");
  });

  it("sees names registered by another shop: the registry is global", async () => {
    const shopA = await shopClient();
    const shopB = await shopClient();
    const name = uniqueName("global");
    const publicKey = walletKey();
    const record = await shopA.client.names.register({ name, publicKey });

    const fromB = await shopB.client.names.validate(name);

    expect(fromB).toEqual({
      available: true,
      payload: { uns_name: name, uns_name_id: record.uns_name_id, public_key: publicKey, livemode: true },
    });
    const takenForB = await apiError(shopB.client.names.register({ name, publicKey: walletKey() }));
    expect(takenForB.status).toBe(409);
  });
});

describe("POST /v1/issue-digital-twin", () => {
  // serialNumber and editionSize: the spec's serial numbers (docs/decisions/0033-serial-numbers.md).
  const TWIN_FIELDS = [
    "id",
    "name_id",
    "uns_name",
    "public_key",
    "title",
    "serialNumber",
    "editionSize",
    "creator",
    "description",
    "quantity",
    "price",
    "currency",
    "brand",
    "categories",
    "links",
    "images",
    "createdAt",
    "chain",
    "verifyUrl",
    "livemode",
  ];

  it("issues a twin from step 1's payload: 201 with every field, defaults filled in", async () => {
    const { key, client } = await shopClient();
    const { name, publicKey, validation } = await registeredName(client);

    const response = await post("/v1/issue-digital-twin", key, {
      name_id: validation.payload.uns_name_id,
      public_key: validation.payload.public_key,
      title: "Leather jacket",
      quantity: 2,
    });

    expect(response.status).toBe(201);
    const twin = response.json.data as Record<string, unknown>;
    expect(Object.keys(twin).sort()).toEqual([...TWIN_FIELDS].sort());
    expect(twin).toEqual({
      id: expect.any(String),
      name_id: validation.payload.uns_name_id,
      uns_name: name,
      public_key: publicKey,
      title: "Leather jacket",
      // Issued by hand: in no edition.
      serialNumber: null,
      editionSize: null,
      creator: "",
      description: "",
      quantity: 2,
      price: null,
      currency: null,
      brand: "",
      categories: [],
      links: [],
      images: [],
      createdAt: expect.any(String),
      // This server has no chain issuing configured: the twin stays off-chain.
      chain: null,
      // Its public verification page: a random token on the shop's domain, not the id.
      verifyUrl: expect.stringMatching(/^https:\/\/shop-[\w-]+\.myshopify\.com\/apps\/twincards\/v\/[0-9a-f]{32}$/),
      livemode: true,
    });
    expect(Number.isNaN(Date.parse(twin.createdAt as string))).toBe(false);
  });

  it("returns every given field as sent, and an empty brand is allowed", async () => {
    const { client } = await shopClient();
    const { validation } = await registeredName(client);
    const input = {
      name_id: validation.payload.uns_name_id!,
      public_key: validation.payload.public_key!,
      title: "Sneaker",
      creator: "Studio North",
      description: "Limited edition",
      quantity: 5,
      price: 120,
      currency: "EUR" as const,
      brand: "",
      categories: ["shoes", "limited"],
      links: ["https://shop.example.com/products/sneaker"],
      images: ["https://cdn.example.com/sneaker.png"],
    };

    const twin = await client.twins.issue(input);

    expect(twin).toMatchObject(input);
  });

  it.each([
    [19.99, "USD", "19.99"],
    [1500, "JPY", "1500"], // no minor units for yen
    [0.125, "KWD", "0.125"], // three for dinar
  ])("answers price %d %s as that number and stores it exactly as %j", async (price, currency, stored) => {
    const { client } = await shopClient();
    const { validation } = await registeredName(client);

    const twin = await client.twins.issue({
      name_id: validation.payload.uns_name_id!,
      public_key: validation.payload.public_key!,
      title: "T-shirt",
      quantity: 1,
      price,
      currency: currency as IssueDigitalTwinInput["currency"],
    });

    expect(twin).toMatchObject({ price, currency });
    const row = await db.digitalTwin.findUniqueOrThrow({ where: { id: twin.id } });
    expect(row).toMatchObject({ price: stored, currency });
  });

  it("rejects an unknown name_id with 422 naming `name_id` and writes nothing", async () => {
    const { shop, client } = await shopClient();

    const error = await apiError(client.twins.issue({ name_id: "uns_NOPE", public_key: walletKey(), title: "Cap", quantity: 1 }));

    expect(error.status).toBe(422);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.details.map((detail) => detail.path)).toEqual(["name_id"]);
    expect(await db.digitalTwin.count({ where: { shop } })).toBe(0);
  });

  it("rejects a public_key that is not the name's key with 422 naming `public_key` and writes nothing", async () => {
    const { shop, client } = await shopClient();
    const { validation } = await registeredName(client);

    const error = await apiError(
      client.twins.issue({
        name_id: validation.payload.uns_name_id!,
        public_key: walletKey(),
        title: "Cap",
        quantity: 1,
      }),
    );

    expect(error.status).toBe(422);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.details.map((detail) => detail.path)).toEqual(["public_key"]);
    expect(await db.digitalTwin.count({ where: { shop } })).toBe(0);
  });

  it.each([
    ["zero", 0],
    ["a fraction", 1.5],
    ["negative", -3],
  ])("rejects a quantity that is %s with 422 naming `quantity` and writes nothing", async (_label, quantity) => {
    const { shop, client } = await shopClient();
    const { validation } = await registeredName(client);

    const error = await apiError(
      client.twins.issue({
        name_id: validation.payload.uns_name_id!,
        public_key: validation.payload.public_key!,
        title: "Cap",
        quantity,
      }),
    );

    expect(error.status).toBe(422);
    expect(error.details.map((detail) => detail.path)).toEqual(["quantity"]);
    expect(await db.digitalTwin.count({ where: { shop } })).toBe(0);
  });

  it("rejects a price without a currency with 422 naming `currency` and writes nothing", async () => {
    const { shop, client } = await shopClient();
    const { validation } = await registeredName(client);

    const error = await apiError(
      client.twins.issue({
        name_id: validation.payload.uns_name_id!,
        public_key: validation.payload.public_key!,
        title: "Cap",
        quantity: 1,
        price: 10,
      }),
    );

    expect(error.status).toBe(422);
    expect(error.details.map((detail) => detail.path)).toEqual(["currency"]);
    expect(await db.digitalTwin.count({ where: { shop } })).toBe(0);
  });

  it.each(["US", "EURO", "+1", "", "u$d"])(
    "rejects price 19.99 with the malformed currency %j with 422 naming `currency` (not 500) and writes nothing",
    async (currency) => {
      const { shop, client } = await shopClient();
      const { validation } = await registeredName(client);

      const error = await apiError(
        client.twins.issue({
          name_id: validation.payload.uns_name_id!,
          public_key: validation.payload.public_key!,
          title: "Cap",
          quantity: 1,
          price: 19.99,
          currency: currency as never, // malformed on purpose
        }),
      );

      expect(error.status).toBe(422);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.details.map((detail) => detail.path)).toContain("currency");
      expect(await db.digitalTwin.count({ where: { shop } })).toBe(0);
    },
  );

  it("rejects a price finer than the currency's minor unit with 422 naming `price`", async () => {
    const { shop, client } = await shopClient();
    const { validation } = await registeredName(client);
    const base = { name_id: validation.payload.uns_name_id!, public_key: validation.payload.public_key!, title: "Cap", quantity: 1 };

    const usd = await apiError(client.twins.issue({ ...base, price: 19.999, currency: "USD" }));
    const jpy = await apiError(client.twins.issue({ ...base, price: 15.5, currency: "JPY" }));

    for (const error of [usd, jpy]) {
      expect(error.status).toBe(422);
      expect(error.details.map((detail) => detail.path)).toEqual(["price"]);
    }
    expect(await db.digitalTwin.count({ where: { shop } })).toBe(0);
  });

  it("names every offending field at once and writes nothing", async () => {
    const { shop, key } = await shopClient();

    const response = await post("/v1/issue-digital-twin", key, {
      name_id: "",
      public_key: "nope",
      title: " ",
      quantity: 0,
      price: -1,
      currency: "XXZ",
    });

    expect(response.status).toBe(422);
    expect(detailPaths(response.json)).toEqual(expect.arrayContaining(["name_id", "public_key", "title", "quantity", "price", "currency"]));
    expect(await db.digitalTwin.count({ where: { shop } })).toBe(0);
  });

  it("requires the fields the spec marks as required", async () => {
    const { shop, key } = await shopClient();

    const response = await post("/v1/issue-digital-twin", key, {});

    expect(response.status).toBe(422);
    expect(detailPaths(response.json)).toEqual(expect.arrayContaining(["public_key", "name_id", "title", "quantity"]));
    expect(await db.digitalTwin.count({ where: { shop } })).toBe(0);
  });
});

describe("GET /v1/digital-twins/{id}", () => {
  it("returns the shop's twin as issued", async () => {
    const { client } = await shopClient();
    const { validation } = await registeredName(client);
    const issued = await client.twins.issue({
      name_id: validation.payload.uns_name_id!,
      public_key: validation.payload.public_key!,
      title: "Leather jacket",
      quantity: 1,
    });

    expect(await client.twins.get(issued.id)).toEqual(issued);
  });

  it("answers 404 NOT_FOUND for another shop's twin and for an unknown id", async () => {
    const owner = await shopClient();
    const { validation } = await registeredName(owner.client);
    const issued = await owner.client.twins.issue({
      name_id: validation.payload.uns_name_id!,
      public_key: validation.payload.public_key!,
      title: "Wool coat",
      quantity: 1,
    });
    const other = await shopClient();

    for (const id of [issued.id, "twin_01J0000000000000000000000Z"]) {
      const error = await apiError(other.client.twins.get(id));
      expect(error.status).toBe(404);
      expect(error.code).toBe("NOT_FOUND");
      expect(error.message).toBe("Digital twin not found");
    }
  });
});
