import { parseJsonBody, readBodyText } from "~/faces/api/request-body.server";
import { giveCardForCustomer, storefrontHoldings } from "~/domain/storefront.server";
import { notFound } from "~/domain/errors";
import { giveFormPage, loadErrorPage, loggedOutPage, type GiveFormState } from "~/faces/storefront/liquid-pages.server";
import {
  bodyKind,
  describeFailure,
  jsonFailure,
  jsonResponse,
  loggedOutJson,
  notJson,
  proxyRoute,
  type ProxyRequest,
} from "~/faces/storefront/proxy-request.server";
import { pageResponse } from "~/faces/storefront/shopper-language.server";
import { html } from "~/faces/storefront/html.server";
import { myCardsPage } from "~/faces/storefront/my-cards-page.server";

// Echoed back into the form, never more than its fields take.
const MAX_ECHO = 400;

/** The customer's card `id` they can give now, as My cards shows it; someone else's is not found, as another shop's. */
async function giftableCard({ shop, customerId }: ProxyRequest, id: string) {
  const card = (await storefrontHoldings(shop, customerId!)).cards.find((held) => held.id === id);
  if (!card?.giftable) throw notFound("Card");
  return card;
}

// GET /apps/twincards/cards/<id>/give on the storefront: "Give this" as a page with no JavaScript (My cards links here).
export const loader = proxyRoute(async (proxy) => {
  const { params, customerId, pathPrefix } = proxy;
  const id = params.id ?? "";
  if (!customerId) return pageResponse(proxy, loggedOutPage("my_cards", `${pathPrefix}/cards/${encodeURIComponent(id)}/give`));
  try {
    const card = await giftableCard(proxy, id);
    return await pageResponse(proxy, giveFormPage(card, { to: "", message: "", fromName: "" }, pathPrefix));
  } catch (error) {
    const failure = describeFailure(error);
    return pageResponse(proxy, loadErrorPage(pathPrefix), failure.status, failure.headers);
  }
});

// POST /apps/twincards/cards/<id>/give: JSON from the theme block's script, or the plain form of the page above (decision 0043).
export const action = proxyRoute(async (proxy) => (bodyKind(proxy.request) === "form" ? giveByForm(proxy) : giveByJson(proxy)));

async function giveByJson({ request, params, shop, customerId, pathPrefix }: ProxyRequest): Promise<Response> {
  if (!customerId) return loggedOutJson("Log in to give a card", pathPrefix);
  try {
    if (bodyKind(request) !== "json") throw notJson();
    const body = parseJsonBody(await readBodyText(request));
    return jsonResponse({ data: await giveCardForCustomer(shop, customerId, params.id ?? "", body) });
  } catch (error) {
    return jsonFailure(error);
  }
}

async function giveByForm(proxy: ProxyRequest): Promise<Response> {
  const { request, params, shop, customerId, pathPrefix } = proxy;
  const id = params.id ?? "";
  const fields = new URLSearchParams(await readBodyText(request));
  const state: GiveFormState = {
    to: (fields.get("to") ?? "").slice(0, MAX_ECHO),
    message: (fields.get("message") ?? "").slice(0, MAX_ECHO),
    fromName: (fields.get("fromName") ?? "").slice(0, MAX_ECHO),
  };
  if (!customerId) return pageResponse(proxy, loggedOutPage("my_cards", `${pathPrefix}/cards/${encodeURIComponent(id)}/give`), 401);
  let card;
  try {
    card = await giftableCard(proxy, id);
  } catch (error) {
    const failure = describeFailure(error);
    return pageResponse(proxy, loadErrorPage(pathPrefix), failure.status, failure.headers);
  }
  try {
    const to = state.to.trim();
    // An address has an @; anything else is taken as a phone number, as the theme block's form does.
    await giveCardForCustomer(shop, customerId, id, {
      [to.includes("@") ? "email" : "phone"]: to,
      message: state.message,
      fromName: state.fromName,
      locale: fields.get("locale") ?? undefined,
    });
    return await pageResponse(proxy, await myCardsPage(shop, customerId, pathPrefix, (tr) => html`${tr.t("my_cards.gift_sent", { to })}`));
  } catch (error) {
    const { status, headers, ...failure } = describeFailure(error);
    return pageResponse(
      proxy,
      giveFormPage(card, { ...state, failure: { code: failure.code, details: failure.details } }, pathPrefix),
      status,
      headers,
    );
  }
}
