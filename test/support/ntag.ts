import { createCipheriv, randomBytes } from "node:crypto";
import { counterBytes, PICC_DATA_TAG, sdmMac } from "~/domain/nfc/sun-message";
import { fileReadKeyOf, metaReadKeyOf } from "~/domain/nfc/tag-keys";

/**
 * An NTAG 424 DNA tag the tests program with a shop's master key: each `tap()` is the URL query the
 * chip would mirror (its counter one higher each time), `tapAt(counter)` one for a given counter.
 */
export function simulatedTag(masterKeyHex: string, uid: Buffer = Buffer.concat([Buffer.from([0x04]), randomBytes(6)])) {
  const master = Buffer.from(masterKeyHex, "hex");
  let counter = 0;
  const tapAt = (at: number) => {
    // The tag pads its PICC data with random bytes: two taps of one counter still differ.
    const plain = Buffer.concat([Buffer.from([PICC_DATA_TAG]), uid, counterBytes(at), randomBytes(5)]);
    const cipher = createCipheriv("aes-128-cbc", metaReadKeyOf(master), Buffer.alloc(16)).setAutoPadding(false);
    const piccData = Buffer.concat([cipher.update(plain), cipher.final()]);
    const cmac = sdmMac(fileReadKeyOf(master, uid), { uid, counter: at });
    return { picc_data: piccData.toString("hex").toUpperCase(), cmac: cmac.toString("hex").toUpperCase() };
  };
  return {
    uid: uid.toString("hex").toUpperCase(),
    tap: () => tapAt(++counter),
    tapAt,
  };
}

/** `hex` with one bit flipped (bit 0 of its first digit's byte unless told). */
export function flipHexBit(hex: string, bit = 0): string {
  const bytes = Buffer.from(hex, "hex");
  bytes[bit >> 3] = bytes[bit >> 3]! ^ (1 << (bit & 7));
  return bytes.toString("hex").toUpperCase();
}
