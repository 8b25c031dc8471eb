import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Banner, Box, Page } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { createCardsFor, DEFAULT_CODE_LIFETIME_DAYS } from "~/domain/cards.server";
import { MAX_BATCH_CARDS } from "~/domain/schemas";
import { readForm, runIntent } from "~/faces/admin/action-result.server";
import { batchCommand, readBatchForm, refusedBatch, unreadableBatch } from "~/faces/admin/card-batch-form.server";
import { CardBatchForm } from "~/faces/admin/components/cards/CardBatchForm";
import { CreatedCards } from "~/faces/admin/components/cards/CreatedCards";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { adminLivemode } from "~/domain/test-data-view.server";
import { titled } from "~/faces/admin/page-title";

export const meta = titled("cards.create");

// Create cards: a batch sharing one redemption code or one owner, all or nothing.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  // With "View test data" on, the cards made here are test cards (decision 0036): no message, no NFT.
  return { defaultLifetimeDays: DEFAULT_CODE_LIFETIME_DAYS, maxCards: MAX_BATCH_CARDS, livemode: await adminLivemode(session.shop) };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const data = await readForm(request);
  if (data.get("intent") !== "create") throw new Response("Unknown intent", { status: 400 });
  const t = await translatorFor(request);
  const form = readBatchForm(data.get("batch"));
  if (!form) return unreadableBatch(t);
  const checked = batchCommand(form);
  if ("errors" in checked) return refusedBatch(t, checked.errors);
  const livemode = await adminLivemode(session.shop);
  return { ...(await runIntent("create", t, () => createCardsFor(session.shop, checked.command, undefined, livemode))), rowErrors: {} };
};

type ActionData = NonNullable<ReturnType<typeof useActionData<typeof action>>>;

export default function NewCards() {
  const { defaultLifetimeDays, maxCards, livemode } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<ActionData | null>(null);
  const created = result?.ok ? result.data : null;

  useEffect(() => {
    if (created) shopify.toast.show(t("cards.new.created", { count: created.length }));
  }, [created, shopify, t]);

  return (
    <Page title={t("cards.new.title")} backAction={{ content: t("cards.title"), url: "/app/cards" }}>
      {!livemode && (
        <Box paddingBlockEnd="400">
          <Banner tone="info" title={t("testData.newCardsTitle")}>
            <p>{t("testData.newCardsBody")}</p>
          </Banner>
        </Box>
      )}
      {created && result !== dismissed ? (
        <CreatedCards cards={created} onCreateMore={() => setDismissed(result ?? null)} />
      ) : (
        <CardBatchForm failure={result && !result.ok ? result : null} defaultLifetimeDays={defaultLifetimeDays} maxCards={maxCards} />
      )}
    </Page>
  );
}
