import { PICC_DATA_BYTES, SDM_MAC_BYTES } from "./sun-message";

/*
 * The URL a merchant writes on a tag as its NDEF record, with the offsets NXP's tools ask for
 * to switch on Secure Dynamic Messaging. The tag fills the zeros of `picc_data` and `cmac` at
 * each tap. Offsets count from the start of the NDEF file: its 2-byte length, then one short
 * URI record (D1 01 <length> 55 04, 04 standing for "https://"), then the URL after "https://".
 */

/** NLEN (2 bytes) and the short URI record's header (5 bytes) before the URL's first character. */
const URL_START = 7;

export interface SdmTemplate {
  /** The NDEF URL with the placeholders the tag overwrites. */
  url: string;
  /** Where the encrypted PICC data (UID and counter) goes. */
  piccDataOffset: number;
  /** Where the MAC input starts: at the MAC itself, so the MAC covers no bytes of the file (only its session key's UID and counter). */
  macInputOffset: number;
  /** Where the 8-byte MAC goes, as 16 hex digits. */
  macOffset: number;
}

/** The template of a tap URL under `base` (`https://<shop>/apps/twincards/t`). */
export function sdmTemplate(base: string): SdmTemplate {
  const url = `${base}?picc_data=${"0".repeat(PICC_DATA_BYTES * 2)}&cmac=${"0".repeat(SDM_MAC_BYTES * 2)}`;
  const afterScheme = url.slice("https://".length);
  const piccDataOffset = URL_START + afterScheme.indexOf("picc_data=") + "picc_data=".length;
  const macOffset = URL_START + afterScheme.indexOf("&cmac=") + "&cmac=".length;
  return { url, piccDataOffset, macInputOffset: macOffset, macOffset };
}
