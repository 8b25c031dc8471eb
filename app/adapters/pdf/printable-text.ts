import type { PDFFont } from "pdf-lib";

/*
 * pdf-lib's standard fonts encode WinAnsi (Latin-1 and a few more) only, and
 * throw on any other character. A letter with an accent WinAnsi lacks keeps its
 * base letter (ő → o); what has none (emoji, CJK) is dropped; a text left
 * empty prints as "—". The verify page the QR code opens shows the name whole.
 * A no-break space (French « : », « nº 12 ») stays one, so a line never breaks
 * there; the narrow one, which WinAnsi lacks, becomes it.
 */

const charactersOf = new WeakMap<PDFFont, Set<number>>();
const DASH = "—";

function canEncode(font: PDFFont, character: string): boolean {
  let set = charactersOf.get(font);
  if (!set) charactersOf.set(font, (set = new Set(font.getCharacterSet())));
  return set.has(character.codePointAt(0)!);
}

/** `text` with only what `font` can draw. */
export function printable(font: PDFFont, text: string): string {
  const kept = Array.from(text.normalize("NFC"), (character) => {
    if (character === "\n" || character === "\t") return " ";
    if (character === "\u202f") return "\u00a0";
    if (canEncode(font, character)) return character;
    const base = character.normalize("NFD").replace(/\p{M}/gu, "");
    return base && Array.from(base).every((part) => canEncode(font, part)) ? base : "";
  }).join("");
  const collapsed = kept.replace(/[^\S\u00a0]+/g, " ").trim();
  return collapsed === "" ? DASH : collapsed;
}

/** Lines of at most `width` points, cut between words (or anywhere with `anywhere`, for a URL). */
export function wrapLines(font: PDFFont, text: string, size: number, width: number, anywhere = false): string[] {
  const fits = (value: string) => font.widthOfTextAtSize(value, size) <= width;
  const lines: string[] = [];
  let current = "";
  const pieces = anywhere ? Array.from(text) : text.split(" ");
  for (const piece of pieces) {
    const candidate = anywhere || current === "" ? current + piece : `${current} ${piece}`;
    if (fits(candidate) || current === "") current = candidate;
    else {
      lines.push(current);
      current = piece;
    }
  }
  if (current) lines.push(current);
  // A single word wider than the line is cut where it overflows.
  return lines.flatMap((line) => (fits(line) || anywhere ? [line] : wrapLines(font, line, size, width, true)));
}
