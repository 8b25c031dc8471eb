import { diversifyAes128 } from "./aes-cmac";

/*
 * The keys written on a shop's NTAG 424 DNA tags, all derived from the shop's master key
 * with NXP's AN10922 AES-128 diversification. The SDM meta-read key decrypts the PICC data
 * before the UID is known, so it is the shop's (diversified without a UID); every other
 * key is the tag's own, diversified with its UID, so one tag's keys open no other tag.
 * Diversification input: [UID ‖] key number ‖ "TwinCards".
 */

export const SYSTEM_IDENTIFIER = Buffer.from("TwinCards", "ascii");
export const KEY_BYTES = 16;

/** The tag's five application keys, by key number, and what each is for. */
export interface TagKeys {
  /** Key 0: the application master key (changes the tag's settings and keys). */
  appMaster: Buffer;
  /** Key 1: SDM meta-read, the shop's: encrypts the PICC data (UID and counter). */
  metaRead: Buffer;
  /** Key 2: SDM file-read, the tag's: its session key signs each tap's URL. */
  fileRead: Buffer;
  /** Keys 3 and 4: unused by SDM, set so no factory key is left on the tag. */
  key3: Buffer;
  key4: Buffer;
}

/** The all-zero master key stands for NXP's factory keys: every key all zero (test items only). */
export const isFactoryMaster = (master: Buffer) => master.every((byte) => byte === 0);

const derive = (master: Buffer, keyNumber: number, uid?: Buffer) =>
  isFactoryMaster(master)
    ? Buffer.alloc(KEY_BYTES)
    : diversifyAes128(master, Buffer.concat([uid ?? Buffer.alloc(0), Buffer.from([keyNumber]), SYSTEM_IDENTIFIER]));

/** The shop's SDM meta-read key (key 1 on every tag). */
export const metaReadKeyOf = (master: Buffer) => derive(master, 1);

/** The tag's SDM file-read key (key 2). */
export const fileReadKeyOf = (master: Buffer, uid: Buffer) => derive(master, 2, uid);

/** Every key to write on the tag with this UID. */
export function tagKeysOf(master: Buffer, uid: Buffer): TagKeys {
  return {
    appMaster: derive(master, 0, uid),
    metaRead: metaReadKeyOf(master),
    fileRead: fileReadKeyOf(master, uid),
    key3: derive(master, 3, uid),
    key4: derive(master, 4, uid),
  };
}
