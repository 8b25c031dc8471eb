/** Where the Import CSV page sends its file (app/routes/app.cards.import-file.ts). */
export const IMPORT_UPLOAD_PATH = "/app/cards/import-file";

/** The largest file Import CSV takes: 10,000 rows of several hundred bytes each. */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
