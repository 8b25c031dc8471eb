import type { ActionFunctionArgs } from "@remix-run/node";
import { getCustomer } from "~/adapters/shopify/admin-customers.server";
import { issueCardForFlow } from "~/domain/flow-actions.server";
import { answerFlowAction } from "~/faces/flow/flow-action.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

/** Shopify Flow's "Issue a card to customer" action (extensions/flow-issue-card). */
export const action = ({ request }: ActionFunctionArgs) =>
  answerFlowAction(request, "issue-card", async (shop, properties, graphql) => {
    const card = await issueCardForFlow(shop, properties, (id) => getCustomer(graphql, id));
    return { message: `Card ${card.id} issued`, data: { cardId: card.id, status: card.status, verifyUrl: card.verifyUrl } };
  });

export const loader = methodNotAllowed("POST");
