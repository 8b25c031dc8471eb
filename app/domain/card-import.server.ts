import { createCardFor, type CreateCardCommand } from "./cards.server";
import { DomainError, type ErrorDetail } from "./errors";
import { createCardInput, parseInput } from "./schemas";
import { stores } from "./stores";

/** The most cards one imported file may create (issue 27): a larger file is refused whole. */
export const MAX_IMPORT_ROWS = 10_000;

/** One row of an imported file, as POST /v1/unit-cards's body would carry it, and where it stood in the file. */
export interface ImportRow {
  /** The row's number in the file as a spreadsheet shows it (the header is row 1). */
  row: number;
  input: Record<string, unknown>;
}

/** What is wrong with one row: the /v1 field (`publicKey`, `metadata[0].value`) and the domain's message. */
export interface ImportIssue extends ErrorDetail {
  row: number;
}

export type CheckedImport = { ok: true; commands: CreateCardCommand[] } | { ok: false; issues: ImportIssue[] };

/**
 * Checks every row with the rules of POST /v1/unit-cards (its schema and checks, not a copy):
 * each row's issues, or the commands when every row passed. Writes nothing.
 */
export function checkCardImport(rows: ImportRow[]): CheckedImport {
  const commands: CreateCardCommand[] = [];
  const issues: ImportIssue[] = [];
  for (const { row, input } of rows) {
    try {
      commands.push(parseInput(createCardInput, input));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      issues.push(...error.details.map((detail) => ({ row, ...detail })));
    }
  }
  return issues.length ? { ok: false, issues } : { ok: true, commands };
}

/**
 * Creates one card per command in ONE transaction: every card of the file or none (a failure
 * rolls back the cards, codes, messages and events written before it). `progress` hears how
 * many are done after each card.
 */
export function importCards(
  shop: string,
  commands: CreateCardCommand[],
  livemode: boolean,
  progress: (done: number) => void = () => {},
): Promise<number> {
  if (commands.length > MAX_IMPORT_ROWS) throw new Error(`At most ${MAX_IMPORT_ROWS} cards per import, not ${commands.length}`);
  return stores().transaction(async () => {
    for (const [index, command] of commands.entries()) {
      await createCardFor(shop, command, livemode);
      progress(index + 1);
    }
    return commands.length;
  });
}
