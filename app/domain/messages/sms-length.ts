// How many SMS a text takes, as carriers count it (GSM 03.38 and UCS-2).

// The basic set counts 1, the extension set 2 (escape + char).
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";

/** Length in GSM-7 septets, or null when the text needs UCS-2. */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) length += 1;
    else if (GSM_EXTENDED.includes(char)) length += 2;
    else return null;
  }
  return length;
}

export interface SmsLength {
  encoding: "GSM-7" | "UCS-2";
  /** Septets (GSM-7) or UTF-16 code units (UCS-2): what the limits count. */
  length: number;
  segments: number;
}

// One message holds 160 septets or 70 UCS-2 units; a longer one is split into parts
// that each lose room to the concatenation header: 153 and 67.
const LIMITS = { "GSM-7": { single: 160, part: 153 }, "UCS-2": { single: 70, part: 67 } } as const;

/** The encoding a text needs and the number of SMS it is sent as. */
export function smsLength(text: string): SmsLength {
  const septets = gsm7Length(text);
  const encoding = septets === null ? "UCS-2" : "GSM-7";
  const length = septets ?? text.length;
  const limit = LIMITS[encoding];
  const segments = length === 0 ? 0 : length <= limit.single ? 1 : Math.ceil(length / limit.part);
  return { encoding, length, segments };
}
