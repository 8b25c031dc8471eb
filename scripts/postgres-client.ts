// npm install's postinstall (after `prisma generate`): derives prisma/postgresql/schema.prisma
// from prisma/schema.prisma and generates the PostgreSQL client from it.
import { generatePostgresClient } from "./postgres-schema";

generatePostgresClient();
