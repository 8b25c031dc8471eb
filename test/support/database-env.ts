// Vitest setupFile: points this project's tests (and ~/db/client.server, imported after
// this) at the project's database — the SQLite file or the test PostgreSQL server.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
