import { html } from "./html.server";
import { loadErrorPage, loggedOutPage } from "./liquid-pages.server";
import { myCardsPage } from "./my-cards-page.server";
import { bodyKind, describeFailure, jsonFailure, jsonResponse, loggedOutJson, proxyRoute, type ProxyRequest } from "./proxy-request.server";
import { pageResponse } from "./shopper-language.server";
import type { MessageKey } from "./storefront-i18n.server";

/** One thing a logged-in customer does to an item of My cards, by its id. */
export interface MyCardsCommand<Result> {
  /** What a logged-out request is told in JSON. */
  loggedOut: string;
  run(shop: string, customerId: string, id: string): Promise<Result>;
  /** The JSON answer's `data`. */
  data(result: Result): unknown;
  /** Said above My cards once the plain form's command is done. */
  done: MessageKey;
  /** Said above My cards, with the refusal's status, when the item is no longer there to act on (404, 409, 410); else the error page. */
  gone?: MessageKey;
}

const GONE = new Set([404, 409, 410]);

/**
 * POST of a My cards command on the storefront: JSON from the theme block's script, or the plain form
 * of the app proxy's My cards, answered with My cards again saying what happened.
 */
export const myCardsAction = <Result>(command: MyCardsCommand<Result>) =>
  proxyRoute(async (proxy) => (bodyKind(proxy.request) === "form" ? byForm(proxy, command) : byJson(proxy, command)));

async function byJson<Result>({ params, shop, customerId, pathPrefix }: ProxyRequest, command: MyCardsCommand<Result>) {
  if (!customerId) return loggedOutJson(command.loggedOut, pathPrefix);
  try {
    return jsonResponse({ data: command.data(await command.run(shop, customerId, params.id ?? "")) });
  } catch (error) {
    return jsonFailure(error);
  }
}

async function byForm<Result>(proxy: ProxyRequest, command: MyCardsCommand<Result>) {
  const { params, shop, customerId, pathPrefix } = proxy;
  if (!customerId) return pageResponse(proxy, loggedOutPage("my_cards", pathPrefix), 401);
  const myCards = async (notice: MessageKey, status = 200) =>
    pageResponse(proxy, await myCardsPage(shop, customerId, pathPrefix, (tr) => html`${tr.t(notice)}`), status);
  try {
    await command.run(shop, customerId, params.id ?? "");
    return await myCards(command.done);
  } catch (error) {
    const failure = describeFailure(error);
    if (command.gone && GONE.has(failure.status)) return myCards(command.gone, failure.status);
    return pageResponse(proxy, loadErrorPage(pathPrefix), failure.status, failure.headers);
  }
}
