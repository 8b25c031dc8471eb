// tsx stubs/admin-api/main.ts — the Admin API stub on its own (PORT, default 3001).
import { startAdminApiStub } from "./server";

const stub = await startAdminApiStub({ port: Number(process.env.PORT ?? 3001) });
console.log(`Admin API stub listening on ${stub.url}`);
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void stub.close().then(() => process.exit(0)));
