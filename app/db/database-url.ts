/** The embedded SQLite file used when DATABASE_URL is not set (relative to the working directory). */
export const DEFAULT_DATABASE_URL = "file:./prisma/dev.sqlite";
