// Starts Redoc on /v1/docs (app/faces/api/reference-page.server.ts): the page allows no inline
// script, so its options live here. The nonce this script was loaded with goes to Redoc,
// which puts it on the <style> elements it writes (the page's style-src allows only that nonce).
(function () {
  const script = document.currentScript;
  const root = document.getElementById("redoc");
  if (!script || !root || !window.Redoc) return;
  window.Redoc.init(
    root.dataset.specUrl,
    {
      nonce: script.nonce,
      expandResponses: "200,201,202",
      jsonSampleExpandLevel: 3,
      requiredPropsFirst: true,
      pathInMiddlePanel: true,
      hideLoading: false,
      // Lists and code samples use the page's own fonts: no web font is fetched.
      theme: {
        colors: { primary: { main: "#2c6ecb" } },
        typography: {
          fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
          headings: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
          code: { fontFamily: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace" },
        },
      },
    },
    root,
  );
})();
