// Any path no other route takes: the app's own 404 (not Remix's error page), for every method.
const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export const loader = notFound;
export const action = notFound;
