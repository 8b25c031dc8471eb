// npm install's postinstall (after `prisma generate`): derives prisma/postgresql/schema.prisma
// from prisma/schema.prisma and generates the PostgreSQL client from it.
import { execFileSync } from "node:child_process";
import { writePostgresSchema } from "./postgres-schema";

execFileSync("node_modules/.bin/prisma", ["generate", "--schema", writePostgresSchema()], { stdio: ["ignore", "ignore", "inherit"] });
