import { createDecipheriv, timingSafeEqual } from "node:crypto";
import { aesCmac } from "./aes-cmac";

/*
 * NTAG 424 DNA's Secure Unique NFC message, as NXP's application note AN12196 works it:
 * each tap mirrors into the URL `picc_data` (the tag byte, the 7-byte UID and the 3-byte
 * read counter, AES-128-CBC with a zero IV under the SDM meta-read key) and `cmac` (the
 * AES-CMAC of the mirrored MAC input under a session key derived from the SDM file-read
 * key, the UID and the counter, truncated to its bytes at odd positions).
 */

/** The PICC data's first byte when the UID (7 bytes) and the read counter are mirrored: 0b1100_0111. */
export const PICC_DATA_TAG = 0xc7;
export const PICC_DATA_BYTES = 16;
export const SDM_MAC_BYTES = 8;
export const UID_BYTES = 7;

const ZERO_IV = Buffer.alloc(16);
/** SV2's fixed prefix (AN12196 §3.3): 3C C3, counter 00 01, length 00 80 (128 bits). */
const SV2_PREFIX = Buffer.from("3cc300010080", "hex");

/** What a tap's PICC data says: the tag's UID and how many times it was read. */
export interface PiccData {
  uid: Buffer;
  counter: number;
}

/** The 3-byte read counter as the tag writes it: least significant byte first. */
export const counterBytes = (counter: number) => Buffer.from([counter & 0xff, (counter >> 8) & 0xff, (counter >> 16) & 0xff]);

/** The PICC data decrypted with the meta-read key; null when its tag byte is not UID-and-counter (a wrong key, a forged value). */
export function decryptPiccData(metaReadKey: Buffer, encrypted: Buffer): PiccData | null {
  if (encrypted.length !== PICC_DATA_BYTES) return null;
  const decipher = createDecipheriv("aes-128-cbc", metaReadKey, ZERO_IV).setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
  if (plain[0] !== PICC_DATA_TAG) return null;
  return { uid: Buffer.from(plain.subarray(1, 1 + UID_BYTES)), counter: plain.readUIntLE(1 + UID_BYTES, 3) };
}

/** KSesSDMFileReadMAC = CMAC(K_SDMFileRead, SV2), SV2 = 3CC300010080 ‖ UID ‖ counter. */
export function sessionMacKey(fileReadKey: Buffer, { uid, counter }: PiccData): Buffer {
  return aesCmac(fileReadKey, Buffer.concat([SV2_PREFIX, uid, counterBytes(counter)]));
}

/** The 8-byte SDM MAC of a tap: the CMAC of `macInput` under the session key, its bytes at odd positions. */
export function sdmMac(fileReadKey: Buffer, picc: PiccData, macInput: Buffer = Buffer.alloc(0)): Buffer {
  const full = aesCmac(sessionMacKey(fileReadKey, picc), macInput);
  return Buffer.from(Array.from({ length: SDM_MAC_BYTES }, (_, i) => full[2 * i + 1]!));
}

/** Whether the MAC a tap sent is the one its keys give, compared in constant time. */
export function sdmMacMatches(expected: Buffer, given: Buffer): boolean {
  return given.length === expected.length && timingSafeEqual(expected, given);
}
