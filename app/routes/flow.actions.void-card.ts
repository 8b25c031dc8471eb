import type { ActionFunctionArgs } from "@remix-run/node";
import { voidCardForFlow } from "~/domain/flow-actions.server";
import { answerFlowAction } from "~/faces/flow/flow-action.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

/** Shopify Flow's "Void a card" action (extensions/flow-void-card). */
export const action = ({ request }: ActionFunctionArgs) =>
  answerFlowAction(request, "void-card", async (shop, properties) => {
    const card = await voidCardForFlow(shop, properties);
    return { message: `Card ${card.id} voided`, data: { cardId: card.id, status: card.status } };
  });

export const loader = methodNotAllowed("POST");
