import { createCipheriv } from "node:crypto";

/*
 * AES-128-CMAC (RFC 4493) and NXP's AES-128 key diversification (AN10922), the two
 * MACs NTAG 424 DNA's Secure Unique NFC messages rest on. Checked against RFC 4493's
 * and AN10922's published vectors (test/unit/nfc-crypto.test.ts).
 */

const BLOCK = 16;
const ZERO_IV = Buffer.alloc(BLOCK);

/** AES-128 of one block (ECB, no padding). */
export function aesEncryptBlock(key: Buffer, block: Buffer): Buffer {
  const cipher = createCipheriv("aes-128-ecb", key, null).setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]);
}

/** The block shifted left one bit, XORed with 0x87 when its top bit fell off (RFC 4493 §2.3). */
function double(block: Buffer): Buffer {
  const out = Buffer.alloc(BLOCK);
  for (let i = 0; i < BLOCK; i++) out[i] = ((block[i]! << 1) | (i + 1 < BLOCK ? block[i + 1]! >> 7 : 0)) & 0xff;
  if (block[0]! & 0x80) out[BLOCK - 1] = out[BLOCK - 1]! ^ 0x87;
  return out;
}

/** K1 and K2, the subkeys of `key`. */
export function cmacSubkeys(key: Buffer): [Buffer, Buffer] {
  const k1 = double(aesEncryptBlock(key, ZERO_IV));
  return [k1, double(k1)];
}

/** CBC-MAC of whole blocks with the last one XORed with `subkey`. */
function macBlocks(key: Buffer, blocks: Buffer, subkey: Buffer): Buffer {
  const last = blocks.length - BLOCK;
  const input = Buffer.from(blocks);
  for (let i = 0; i < BLOCK; i++) input[last + i] = input[last + i]! ^ subkey[i]!;
  const cipher = createCipheriv("aes-128-cbc", key, ZERO_IV).setAutoPadding(false);
  const out = Buffer.concat([cipher.update(input), cipher.final()]);
  return out.subarray(out.length - BLOCK);
}

/** `message` padded with 0x80 then zeros to `length` bytes. */
const padded = (message: Buffer, length: number) =>
  Buffer.concat([message, Buffer.from([0x80]), Buffer.alloc(length - message.length - 1)]);

/** AES-CMAC (RFC 4493) of `message` under the 16-byte `key`. */
export function aesCmac(key: Buffer, message: Buffer): Buffer {
  const [k1, k2] = cmacSubkeys(key);
  const complete = message.length > 0 && message.length % BLOCK === 0;
  if (complete) return macBlocks(key, message, k1);
  return macBlocks(key, padded(message, Math.ceil((message.length + 1) / BLOCK) * BLOCK), k2);
}

/**
 * AN10922's AES-128 diversification: the CMAC of 0x01 ‖ `input` (1 to 31 bytes) always
 * padded to two blocks, with K2 when padded and K1 when the input filled them. Unlike a
 * plain CMAC, a short input is padded to 32 bytes, not 16.
 */
export function diversifyAes128(masterKey: Buffer, input: Buffer): Buffer {
  if (input.length < 1 || input.length > 31) throw new RangeError("AN10922 diversification input is 1 to 31 bytes");
  const [k1, k2] = cmacSubkeys(masterKey);
  const message = Buffer.concat([Buffer.from([0x01]), input]);
  return message.length === 2 * BLOCK ? macBlocks(masterKey, message, k1) : macBlocks(masterKey, padded(message, 2 * BLOCK), k2);
}
