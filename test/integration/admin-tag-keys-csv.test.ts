import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { adminToken, baseUrl, getPage, submitFetcher } from "../support/admin";
import { uniqueShop, USER_AGENT } from "../support/api";
import { uniqueName, walletKey } from "../support/fixtures";
import { simulatedTag } from "../support/ntag";

/** Settings → NFC tag keys → Download keys (CSV), as the page's fetch sends it. */
async function tagKeysCsv(shop: string, uids: string, options: { locale?: string; token?: string | null } = {}) {
  const authorization: Record<string, string> =
    options.token === null ? {} : { Authorization: `Bearer ${options.token ?? adminToken(shop)}` };
  const response = await fetch(`${baseUrl}/app/tag-keys`, {
    method: "POST",
    body: new URLSearchParams({ uids }),
    headers: { "User-Agent": USER_AGENT, "X-Admin-Locale": options.locale ?? "en", ...authorization },
    redirect: "manual",
  });
  const text = await response.text();
  const csv = response.headers.get("content-type")?.startsWith("text/csv") === true;
  return {
    status: response.status,
    headers: response.headers,
    rows: csv ? (parse(text, { columns: true }) as Record<string, string>[]) : [],
    failure:
      csv || !response.headers.get("content-type")?.includes("json")
        ? null
        : (JSON.parse(text) as { message: string; fieldErrors: Record<string, string> }),
  };
}

async function twinWithKeys(shop: string) {
  const name = await registerName(shop, { name: uniqueName("bulk"), publicKey: walletKey(), owner: "shopify|9002" });
  const twin = await issueTwin(shop, { public_key: name.public_key, name_id: name.uns_name_id, title: "Harbor watch", quantity: 1 });
  const keys = await submitFetcher<{ masterKey: string }>(`/app/twins/${twin.id}`, shop, { intent: "set-up-tag-keys" });
  return { twin, masterKey: (keys.result as { data: { masterKey: string } }).data.masterKey };
}

describe("Settings → NFC tag keys: a CSV of many tags' keys for a tag writer", () => {
  it("writes each pasted UID's five keys and the URL template, the keys the twin page's Programming panel shows", async () => {
    const shop = uniqueShop();
    const { twin, masterKey } = await twinWithKeys(shop);
    const settings = await getPage("/app/settings", shop);
    expect(settings.text).toContain("NFC tag keys");
    expect(settings.text).toContain("Download keys (CSV)");

    const bound = simulatedTag(masterKey);
    const other = simulatedTag(masterKey);
    const path = `/app/twins/${twin.id}`;
    const tag = await submitFetcher<{ id: string }>(path, shop, { intent: "bind-tag", uid: bound.uid });
    const programming = await submitFetcher<{ keys: Record<string, string>; template: { url: string } }>(path, shop, {
      intent: "tag-programming",
      tag_id: (tag.result as { data: { id: string } }).data.id,
    });
    const panel = (programming.result as { data: { keys: Record<string, string>; template: { url: string } } }).data;

    // As readers print UIDs: with colons, lower case, blank lines and a UID given twice.
    const colons = bound.uid.toLowerCase().match(/../g)!.join(":");
    const answer = await tagKeysCsv(shop, `${colons}\r\n\n  ${other.uid}  \n${bound.uid}\n`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="twin-cards-tag-keys-\d{4}-\d\d-\d\d\.csv"$/);
    expect(answer.rows.map((row) => row.UID)).toEqual([bound.uid, other.uid]);
    expect(answer.rows[0]).toEqual({
      UID: bound.uid,
      "Key 0: application master key": panel.keys.appMaster,
      "Key 1: SDM meta-read key": panel.keys.metaRead,
      "Key 2: SDM file-read (MAC) key": panel.keys.fileRead,
      "Key 3": panel.keys.key3,
      "Key 4": panel.keys.key4,
      "SDM URL template": panel.template.url,
      "PICC data offset": expect.stringMatching(/^\d+$/),
      "MAC input offset": expect.stringMatching(/^\d+$/),
      "MAC offset": expect.stringMatching(/^\d+$/),
    });
    // Another tag's own keys differ; the meta-read key is the shop's, the same on every tag.
    expect(answer.rows[1]!["Key 2: SDM file-read (MAC) key"]).not.toBe(panel.keys.fileRead);
    expect(answer.rows[1]!["Key 1: SDM meta-read key"]).toBe(panel.keys.metaRead);
  });

  it("refuses malformed lines by their numbers, in the merchant's language, and produces no file", async () => {
    const shop = uniqueShop();
    const { masterKey } = await twinWithKeys(shop);
    const good = simulatedTag(masterKey).uid;
    const refused = await tagKeysCsv(shop, `${good}\n04A1B2C3D4E5\n\n${good}ZZ\n${good}`);
    expect(refused.status).toBe(400);
    expect(refused.rows).toEqual([]);
    expect(refused.failure!.fieldErrors.uids).toBe("Lines 2, 4 are not 7-byte UIDs (14 hexadecimal digits)");

    const one = await tagKeysCsv(shop, `${good}\nnot a uid`, { locale: "fr" });
    expect(one.status).toBe(400);
    expect(one.failure!.fieldErrors.uids).toBe("La ligne 2 n’est pas un UID de 7 octets (14 chiffres hexadécimaux)");

    const empty = await tagKeysCsv(shop, " \n ");
    expect(empty.status).toBe(400);
    expect(empty.failure!.fieldErrors.uids).toBe("Paste at least one tag UID, one a line");
  });

  it("takes at most 1,000 tags a request, saying so", async () => {
    const shop = uniqueShop();
    const { masterKey } = await twinWithKeys(shop);
    const uids = Array.from({ length: 1001 }, () => simulatedTag(masterKey).uid);
    const tooMany = await tagKeysCsv(shop, uids.join("\n"));
    expect(tooMany.status).toBe(400);
    expect(tooMany.rows).toEqual([]);
    expect(tooMany.failure!.fieldErrors.uids).toBe("At most 1000 tags at once; this list has 1001");
    const atTheCap = await tagKeysCsv(shop, uids.slice(0, 1000).join("\n"));
    expect(atTheCap.status).toBe(200);
    expect(atTheCap.rows).toHaveLength(1000);
  });

  it("asks for the shop's tag keys first, and answers no one without an admin session", async () => {
    const shop = uniqueShop();
    expect((await getPage("/app/settings", shop)).text).toContain("Set up the shop's tag keys first");
    const noKeys = await tagKeysCsv(shop, "04A1B2C3D4E5F6");
    expect(noKeys.status).toBe(400);
    expect(noKeys.rows).toEqual([]);
    expect(noKeys.failure!.fieldErrors.uids).toBe("Set up the shop's tag keys first");

    const anonymous = await tagKeysCsv(shop, "04A1B2C3D4E5F6", { token: null });
    expect(anonymous.status).not.toBe(200);
    expect(anonymous.rows).toEqual([]);
    // Another shop's session gets its own (absent) keys, never this shop's.
    const { masterKey } = await twinWithKeys(shop);
    const stranger = await tagKeysCsv(uniqueShop(), simulatedTag(masterKey).uid);
    expect(stranger.status).toBe(400);
    expect(stranger.rows).toEqual([]);
  });
});
