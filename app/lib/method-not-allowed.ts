/**
 * A loader or action for the methods a route does not serve: a 405 naming
 * those it does. Thrown, so a page shows it in its error boundary (and its
 * Allow header reaches the response); a resource route answers it as is.
 */
export const methodNotAllowed = (allow: string) => (): never => {
  throw new Response(`Use ${allow} on this path`, {
    status: 405,
    headers: { Allow: allow, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
};
