import { randomBytes } from "node:crypto";
// Redoc's standalone bundle (React, its styles and its search worker in one file), emitted into the
// build's hashed assets: /v1/docs loads nothing from anywhere but the app (decision 0034).
import redocUrl from "redoc/bundles/redoc.standalone.js?url";
import initUrl from "./reference/redoc-init.js?url";

/**
 * The two <style> elements Redoc's bundle writes as it loads, before it knows the nonce: the scrollbar
 * library's stylesheet (perfect-scrollbar 1.5, in redoc 2.5.4), empty first and then filled. Allowed by
 * their exact content; the browser test fails on any style a Redoc upgrade adds.
 */
const REDOC_LOAD_STYLES = [
  "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
  "'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='",
];

/** What /v1/docs allows: its own two scripts and Redoc's styles (by this response's nonce), the document, Redoc's search worker. */
export function referencePolicy(nonce: string) {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}' ${REDOC_LOAD_STYLES.join(" ")}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    // Redoc builds its search index in a worker made from a Blob of its own bundled code.
    "worker-src blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The API reference page: Redoc renders /v1/openapi.json into #redoc. */
export function referencePage(): Response {
  const nonce = randomBytes(18).toString("base64");
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Twin Cards API reference</title>
<meta name="description" content="The Twin Cards /v1 issuing API: operations, examples, errors, limits, idempotency, pagination, events and webhook signatures.">
<style nonce="${nonce}">body { margin: 0; }</style>
</head>
<body>
<noscript><p>This reference needs JavaScript. The document it shows is <a href="/v1/openapi.json">/v1/openapi.json</a> (OpenAPI 3.1).</p></noscript>
<div id="redoc" data-spec-url="/v1/openapi.json"></div>
<script nonce="${nonce}" src="${escapeAttribute(redocUrl)}"></script>
<script nonce="${nonce}" src="${escapeAttribute(initUrl)}"></script>
</body>
</html>
`;
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": referencePolicy(nonce),
      // A nonce is good for one response only.
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
}
