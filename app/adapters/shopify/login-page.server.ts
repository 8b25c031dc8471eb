import { LoginErrorType } from "@shopify/shopify-app-remix/server";
import { login } from "~/adapters/shopify/shopify-app.server";

const ERRORS: Record<string, string> = {
  [LoginErrorType.MissingShop]: "Enter your shop's domain.",
  [LoginErrorType.InvalidShop]: "Enter a shop domain such as example.myshopify.com.",
};

/**
 * /auth/login through the library's login flow: a valid shop (query or form)
 * is redirected to Shopify to install or open the app; otherwise a small page
 * asks for the shop's domain (400 with the reason when one was sent).
 */
export async function loginPage(request: Request): Promise<Response> {
  let shopError: string | undefined;
  try {
    shopError = (await login(request)).shop;
  } catch (error) {
    if (error instanceof Response) throw error;
    // A body that is not a form.
    shopError = LoginErrorType.MissingShop;
  }
  const message = shopError ? (ERRORS[shopError] ?? ERRORS[LoginErrorType.InvalidShop]) : undefined;
  return new Response(page(message), {
    status: message ? 400 : 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

// `message` is one of ERRORS: nothing from the request is echoed.
const page = (message: string | undefined) => `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Log in · Twin Cards</title></head>
<body style="font-family:system-ui,sans-serif;max-width:480px;margin:4rem auto;padding:0 1rem;line-height:1.5">
<h1>Log in to Twin Cards</h1>
<p>Open Twin Cards from your Shopify admin, or enter your shop's domain.</p>
${message ? `<p role="alert" style="color:#8e1f0b">${message}</p>` : ""}
<form method="post" action="/auth/login">
<label>Shop domain <input name="shop" placeholder="example.myshopify.com" required></label>
<button type="submit">Log in</button>
</form>
</body>
</html>
`;
