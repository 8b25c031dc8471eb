import { describe, expect, it } from "vitest";
import { aesCmac, cmacSubkeys, diversifyAes128 } from "~/domain/nfc/aes-cmac";
import { decryptPiccData, sdmMac, sdmMacMatches, sessionMacKey } from "~/domain/nfc/sun-message";
import { fileReadKeyOf, metaReadKeyOf, tagKeysOf } from "~/domain/nfc/tag-keys";

const hex = (value: string) => Buffer.from(value, "hex");
const flipBit = (bytes: Buffer, bit: number) => {
  const copy = Buffer.from(bytes);
  copy[bit >> 3] = copy[bit >> 3]! ^ (1 << (bit & 7));
  return copy;
};

describe("AES-CMAC against RFC 4493's test vectors (§4)", () => {
  const key = hex("2b7e151628aed2a6abf7158809cf4f3c");
  const message = hex(
    "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710",
  );

  it("derives the subkeys K1 and K2", () => {
    const [k1, k2] = cmacSubkeys(key);
    expect(k1.toString("hex")).toBe("fbeed618357133667c85e08f7236a8de");
    expect(k2.toString("hex")).toBe("f7ddac306ae266ccf90bc11ee46d513b");
  });

  it.each([
    [0, "bb1d6929e95937287fa37d129b756746"],
    [16, "070a16b46b4d4144f79bdd9dd04a287c"],
    [40, "dfa66747de9ae63030ca32611497c827"],
    [64, "51f0bebf7e3b9d92fc49741779363cfe"],
  ])("MACs the example message's first %i bytes", (length, expected) => {
    expect(aesCmac(key, message.subarray(0, length)).toString("hex")).toBe(expected);
  });
});

describe("AN10922 AES-128 key diversification against NXP's example (§2.2.1)", () => {
  const master = hex("00112233445566778899AABBCCDDEEFF");

  it("derives the subkeys and the diversified key of UID 04782E21801D80, AID 3042F5, system identifier 'NXP Abu'", () => {
    const [k1, k2] = cmacSubkeys(master);
    expect(k1.toString("hex")).toBe("fbc9f75c9413c041dfee452d3f0706d1");
    expect(k2.toString("hex")).toBe("f793eeb928278083bfdc8a5a7e0e0d25");
    expect(diversifyAes128(master, hex("04782E21801D803042F54E585020416275")).toString("hex")).toBe("a8dd63a3b89d54b37ca802473fda9175");
  });

  it("pads a short input to two blocks, as AN10922 does and a plain CMAC does not", () => {
    const short = hex("04782E21801D80");
    expect(diversifyAes128(master, short)).not.toEqual(aesCmac(master, Buffer.concat([hex("01"), short])));
    // 31 bytes fill both blocks with the leading 0x01: K1, exactly a plain CMAC of the 32 bytes.
    const full = Buffer.alloc(31, 0xaa);
    expect(diversifyAes128(master, full)).toEqual(aesCmac(master, Buffer.concat([hex("01"), full])));
    expect(() => diversifyAes128(master, Buffer.alloc(0))).toThrow(RangeError);
    expect(() => diversifyAes128(master, Buffer.alloc(32))).toThrow(RangeError);
  });
});

describe("NTAG 424 DNA Secure Unique NFC messages against AN12196's worked examples", () => {
  const zero = Buffer.alloc(16);

  it("derives SesSDMFileReadMACKey from K_SDMFileRead, UID 04C767F2066180 and read counter 1 (Table 1)", () => {
    const key = hex("5ACE7E50AB65D5D51FD5BF5A16B8205B");
    expect(sessionMacKey(key, { uid: hex("04C767F2066180"), counter: 1 }).toString("hex")).toBe("3a3e8110e05311f7a3fcf0d969bf2b48");
  });

  it("decrypts the SDM example's PICC data to UID 04DE5F1EACC040 and read counter 61, and verifies its MAC (Tables 2 to 4)", () => {
    const picc = decryptPiccData(zero, hex("EF963FF7828658A599F3041510671E88"));
    expect(picc).toEqual({ uid: hex("04DE5F1EACC040"), counter: 61 });
    expect(sessionMacKey(zero, picc!).toString("hex")).toBe("3fb5f6e3a807a03d5e3570ace393776f");
    expect(sdmMac(zero, picc!).toString("hex")).toBe("94eed9ee65337086");
    expect(sdmMacMatches(sdmMac(zero, picc!), hex("94EED9EE65337086"))).toBe(true);
  });

  it("refuses the example with any bit of its MAC flipped, or read with another counter or UID", () => {
    const picc = decryptPiccData(zero, hex("EF963FF7828658A599F3041510671E88"))!;
    const mac = sdmMac(zero, picc);
    for (let bit = 0; bit < 64; bit++) expect(sdmMacMatches(mac, flipBit(hex("94EED9EE65337086"), bit))).toBe(false);
    expect(sdmMacMatches(sdmMac(zero, { ...picc, counter: 62 }), hex("94EED9EE65337086"))).toBe(false);
    expect(sdmMacMatches(sdmMac(zero, { ...picc, uid: hex("04DE5F1EACC041") }), hex("94EED9EE65337086"))).toBe(false);
    expect(sdmMacMatches(mac, hex("94EED9EE653370"))).toBe(false);
  });

  it("reads no UID from PICC data with a flipped bit, or decrypted with another key: its tag byte is gone", () => {
    const encrypted = hex("EF963FF7828658A599F3041510671E88");
    const garbled = Array.from({ length: 128 }, (_, bit) => decryptPiccData(zero, flipBit(encrypted, bit)));
    // CBC over one block: any flipped bit scrambles the whole block, tag byte included (1 in 256 would keep it by chance).
    expect(garbled.filter((picc) => picc !== null && picc.uid.equals(hex("04DE5F1EACC040")) && picc.counter === 61)).toEqual([]);
    expect(decryptPiccData(Buffer.alloc(16, 1), encrypted)).toBeNull();
    expect(decryptPiccData(zero, encrypted.subarray(0, 15))).toBeNull();
  });
});

describe("a shop's tag keys", () => {
  const master = hex("8c3d1b2a4f5e6d7c8b9aa1b2c3d4e5f6");
  const uid = hex("04A1B2C3D4E5F6");

  it("gives each tag its own keys from the master key, and one shop-wide meta-read key", () => {
    const keys = tagKeysOf(master, uid);
    const other = tagKeysOf(master, hex("04A1B2C3D4E5F7"));
    expect(keys.metaRead).toEqual(other.metaRead);
    expect(keys.metaRead).toEqual(metaReadKeyOf(master));
    expect(keys.fileRead).toEqual(fileReadKeyOf(master, uid));
    for (const name of ["appMaster", "fileRead", "key3", "key4"] as const) expect(keys[name]).not.toEqual(other[name]);
    const all = Object.values(keys).map((key) => key.toString("hex"));
    expect(new Set(all).size).toBe(5);
    expect(all.every((key) => key.length === 32 && key !== "0".repeat(32))).toBe(true);
    // Another shop's master key gives other keys for the same tag.
    expect(tagKeysOf(flipBit(master, 0), uid).fileRead).not.toEqual(keys.fileRead);
  });

  it("stands for NXP's factory keys (all zero) when the master key is all zero", () => {
    const keys = tagKeysOf(Buffer.alloc(16), uid);
    expect(Object.values(keys).every((key) => key.equals(Buffer.alloc(16)))).toBe(true);
  });
});
