/** An e-mail's HTML as its recipient sees it: in a sandboxed frame (no scripts), links opening in a new tab. */
export function EmailFrame({ html, title, height = "32rem" }: { html: string; title: string; height?: string }) {
  return (
    <iframe
      title={title}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      srcDoc={`<base target="_blank">${html}`}
      style={{ width: "100%", height, border: "1px solid var(--p-color-border)", borderRadius: "8px", background: "#fff" }}
    />
  );
}
