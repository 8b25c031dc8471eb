import { z } from "zod";
import type { CreateCardsCommand } from "~/domain/cards.server";
import { DomainError, validationFailed, type ErrorDetail } from "~/domain/errors";
import { cardInput, createBatchInput, MAX_BATCH_CARDS, parseInput } from "~/domain/schemas";
import { domainFailure, type ActionResult } from "./action-result.server";
import { translateDomainMessage } from "./i18n/domain-messages";
import type { Translator } from "./i18n/i18n.server";

/** One row of Create cards; `key` stays with the row while others are added or removed. */
export const ROW_FIELDS = ["name", "imageUrl", "videoUrl"] as const;
export type RowField = (typeof ROW_FIELDS)[number];

const text = z.string().max(10_000).default("");
const batchForm = z.object({
  mode: z.enum(["redemption", "owner"]),
  email: text,
  phone: text,
  code: text,
  /** A day (YYYY-MM-DD) from the date picker: the code works until it ends (UTC). */
  expiresOn: text,
  owner: text,
  publicKey: text,
  rows: z
    .array(z.object({ key: z.string().min(1).max(40), name: text, imageUrl: text, videoUrl: text }))
    // Room past the limit, so an oversized batch gets the domain's "At most 500 cards" rather than "unreadable".
    .max(MAX_BATCH_CARDS * 2),
});

/** What the Create cards page edits and posts (as JSON in its `batch` field). */
export type BatchForm = z.output<typeof batchForm>;

/** Errors of a refused batch: by field path (`redemption.email`, `owner`…), and by row key then row field. */
export interface BatchFormErrors {
  fields: ErrorDetail[];
  rows: Record<string, Partial<Record<RowField, string>>>;
}

/** The posted form, or null when it is not one this page sends. */
export function readBatchForm(raw: FormDataEntryValue | null): BatchForm | null {
  if (typeof raw !== "string") return null;
  try {
    const parsed = batchForm.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The typed command for the domain, checked by the same rules as the /v1 batch:
 * each row by the card schema (its errors stay on its row), then the recipient
 * and the batch as a whole.
 */
export function batchCommand(form: BatchForm): { command: CreateCardsCommand } | { errors: BatchFormErrors } {
  const cards = form.rows.map(toCard);
  const rows: BatchFormErrors["rows"] = {};
  form.rows.forEach((row, index) => {
    for (const detail of detailsOf(() => parseInput(cardInput, cards[index]))) {
      (rows[row.key] ??= {})[rowField(detail.path)] ??= detail.message;
    }
  });
  if (Object.keys(rows).length > 0) return { errors: { fields: [], rows } };
  const body: z.input<typeof createBatchInput> =
    form.mode === "owner"
      ? { owner: form.owner.trim(), publicKey: form.publicKey.trim(), cards }
      : { redemption: redemptionOf(form), cards };
  let command: CreateCardsCommand | undefined;
  const fields = detailsOf(() => (command = parseInput(createBatchInput, body)));
  return command ? { command } : { errors: { fields, rows } };
}

const optional = (value: string) => (value.trim() === "" ? undefined : value.trim());
const listOf = (value: string) => (value.trim() === "" ? [] : [value.trim()]);

const toCard = (row: BatchForm["rows"][number]) => ({
  name: row.name,
  media: { imageUrls: listOf(row.imageUrl), videoUrls: listOf(row.videoUrl) },
});

function redemptionOf(form: BatchForm) {
  const expiresOn = optional(form.expiresOn);
  return {
    email: optional(form.email),
    phone: optional(form.phone),
    code: optional(form.code),
    expiresAt: expiresOn && /^\d{4}-\d{2}-\d{2}$/.test(expiresOn) ? `${expiresOn}T23:59:59Z` : expiresOn,
  };
}

/** A card's error path (`name`, `media.imageUrls[0]`…) as the row field showing it. */
function rowField(path: string): RowField {
  if (path.startsWith("media.imageUrls")) return "imageUrl";
  if (path.startsWith("media.videoUrls")) return "videoUrl";
  return "name";
}

function detailsOf(work: () => unknown): ErrorDetail[] {
  try {
    work();
    return [];
  } catch (error) {
    if (error instanceof DomainError) return error.details;
    throw error;
  }
}

type RowErrors = BatchFormErrors["rows"];

/** A refused or unreadable batch, as the page shows it: errors by field path and by row. */
export type CardBatchFailure = Extract<ActionResult<never>, { ok: false }> & { rowErrors: RowErrors };

/** A batch the rules refused, in the merchant's language: the recipient's errors by path, each row's on that row. */
export function refusedBatch(t: Translator, errors: BatchFormErrors): CardBatchFailure {
  const result = domainFailure("create", t, validationFailed(errors.fields));
  const rowErrors: RowErrors = Object.fromEntries(
    Object.entries(errors.rows).map(([key, fields]) => [
      key,
      Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, translateDomainMessage(t, message)])),
    ]),
  );
  const message = Object.keys(rowErrors).length > 0 ? t("cards.new.fixFields") : result.message;
  return { ...result, message, rowErrors };
}

/** A post that is not this page's form (a stale tab, a hand-made request). */
export const unreadableBatch = (t: Translator): CardBatchFailure => ({
  intent: "create",
  ok: false,
  message: t("cards.new.unreadable"),
  fieldErrors: {},
  rowErrors: {},
});
