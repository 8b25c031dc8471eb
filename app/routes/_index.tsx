import type { MetaFunction } from "@remix-run/node";
import { methodNotAllowed } from "~/lib/method-not-allowed";

export const meta: MetaFunction = () => [{ title: "Twin Cards" }];

export const action = methodNotAllowed("GET, HEAD");

export default function Index() {
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 640, margin: "4rem auto", lineHeight: 1.5 }}>
      <h1>Twin Cards</h1>
      <p>Verifiable digital items for merchants: unit cards, redemption codes and digital twins.</p>
      <p>
        The issuing API lives under <code>/v1</code>: read its reference at <a href="/v1/docs">/v1/docs</a>; the OpenAPI document is{" "}
        <a href="/v1/openapi.json">/v1/openapi.json</a>.
      </p>
    </main>
  );
}
