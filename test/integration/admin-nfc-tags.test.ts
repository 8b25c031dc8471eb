import { describe, expect, it } from "vitest";
import { registerName } from "~/domain/names.server";
import { stores } from "~/domain/stores";
import { issueTwin } from "~/domain/twins.server";
import { getPage, submitFetcher, visibleText } from "../support/admin";
import { uniqueShop } from "../support/api";
import { uniqueName, walletKey } from "../support/fixtures";
import { simulatedTag } from "../support/ntag";

async function twinIn(shop: string, title: string) {
  const name = await registerName(shop, { name: uniqueName("tags"), publicKey: walletKey(), owner: "shopify|9001" });
  return issueTwin(shop, { public_key: name.public_key, name_id: name.uns_name_id, title, quantity: 1 });
}

describe("NFC tags on a twin's admin page", () => {
  it("sets up the shop's master key once, binds a tag, shows what to write on it and its state, and retires it", async () => {
    const shop = uniqueShop();
    const twin = await twinIn(shop, "Harbor watch");
    const path = `/app/twins/${twin.id}`;
    expect(visibleText((await getPage(path, shop)).body)).toContain("Set up tag keys");

    const keys = await submitFetcher<{ masterKey: string; factory: boolean }>(path, shop, { intent: "set-up-tag-keys" });
    expect(keys.result).toMatchObject({ ok: true, data: { factory: false } });
    const masterKey = (keys.result as { data: { masterKey: string } }).data.masterKey;
    expect(masterKey).toMatch(/^[0-9A-F]{32}$/);
    // Stored sealed: the database never holds the key itself.
    expect((await stores().nfcTags.keyring(shop))!.masterSealed).not.toContain(masterKey);

    const tag = simulatedTag(masterKey);
    const bound = await submitFetcher<{ id: string; uid: string }>(path, shop, {
      intent: "bind-tag",
      uid: tag.uid.match(/../g)!.join(":"),
    });
    expect(bound.result).toMatchObject({ ok: true, data: { uid: tag.uid, status: "ACTIVE" } });
    const tagId = (bound.result as { data: { id: string } }).data.id;

    const programming = await submitFetcher<{ template: { url: string }; keys: Record<string, string> }>(path, shop, {
      intent: "tag-programming",
      tag_id: tagId,
    });
    expect(programming.result).toMatchObject({
      ok: true,
      data: { uid: tag.uid, template: { url: `https://${shop}/apps/twincards/t?picc_data=${"0".repeat(32)}&cmac=${"0".repeat(16)}` } },
    });

    const page = visibleText((await getPage(path, shop)).body);
    expect(page).toContain(tag.uid);
    expect(page).toContain("Never tapped");
    expect(page).toContain("Copied links: 0 · Not genuine: 0");
    expect(page).not.toContain(masterKey);

    // Set up again: refused while a live tag uses the key, which stays as it was.
    const sealed = (await stores().nfcTags.keyring(shop))!.masterSealed;
    const again = await submitFetcher(path, shop, { intent: "set-up-tag-keys" });
    expect(again.result).toMatchObject({
      ok: false,
      fieldErrors: { masterKey: expect.stringContaining("1 live tag uses the current key") },
    });
    expect((await stores().nfcTags.keyring(shop))!.masterSealed).toBe(sealed);

    expect((await submitFetcher(path, shop, { intent: "retire-tag", tag_id: tagId })).result).toMatchObject({
      ok: true,
      data: { status: "RETIRED" },
    });
    expect(visibleText((await getPage(path, shop)).body)).toContain("Retired");
  });

  it("refuses a tag bound to another twin, naming it, and a malformed UID, naming the field; nothing is bound", async () => {
    const shop = uniqueShop();
    const first = await twinIn(shop, "Harbor watch");
    const second = await twinIn(shop, "Pine jacket");
    const keys = await submitFetcher<{ masterKey: string }>(`/app/twins/${first.id}`, shop, { intent: "set-up-tag-keys" });
    const tag = simulatedTag((keys.result as { data: { masterKey: string } }).data.masterKey);
    await submitFetcher(`/app/twins/${first.id}`, shop, { intent: "bind-tag", uid: tag.uid });

    const taken = await submitFetcher(`/app/twins/${second.id}`, shop, { intent: "bind-tag", uid: tag.uid });
    expect(taken.result).toMatchObject({ ok: false, fieldErrors: { uid: `This tag is already bound to “Harbor watch” (${first.id})` } });
    const malformed = await submitFetcher(`/app/twins/${second.id}`, shop, { intent: "bind-tag", uid: "04-XYZ" }, {});
    expect(malformed.result).toMatchObject({ ok: false, fieldErrors: { uid: expect.stringContaining("14 hexadecimal digits") } });
    expect(await stores().nfcTags.ofTwin(shop, second.id)).toEqual([]);
  });
});
