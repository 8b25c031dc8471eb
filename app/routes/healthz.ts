import { databaseAnswers } from "~/domain/health.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

// GET /healthz, for a load balancer or orchestrator: 200 when this replica can
// serve (its database answers), else 503. Open, like every health check, and
// it says nothing beyond up or down.
export const loader = async () => {
  const database = (await databaseAnswers()) ? "ok" : "unavailable";
  const healthy = database === "ok";
  return Response.json(
    { status: healthy ? "ok" : "unavailable", checks: { database } },
    { status: healthy ? 200 : 503, headers: { "Cache-Control": "no-store", ...(healthy ? {} : { "Retry-After": "5" }) } },
  );
};

export const action = methodNotAllowed("GET, HEAD");
