import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Box, Button, IndexTable, InlineStack, Layout, Link, Page, Text } from "@shopify/polaris";
import type { TFunction } from "i18next";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { formFields, readForm, runIntent, runIntentWithStatus } from "~/faces/admin/action-result.server";
import { CellText } from "~/faces/admin/components/CellText";
import { createdSorts, SearchableList } from "~/faces/admin/components/SearchableList";
import { useIntentFetcher } from "~/faces/admin/components/customer/use-intent-fetcher";
import { ChannelBadge, NotificationStatusBadge } from "~/faces/admin/components/NotificationBadges";
import {
  resendFailedNotifications,
  resendNotification,
  searchNotifications,
  type BulkResendResult,
  type NotificationStatus,
} from "~/domain/notification-admin.server";
import { NOTIFICATION_CHANNELS } from "~/domain/list-search";
import { listParams, staleListLink } from "~/faces/admin/list-page.server";
import { adminLivemode } from "~/domain/test-data-view.server";
import { translateDomainMessage } from "~/faces/admin/i18n/domain-messages";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { titled } from "~/faces/admin/page-title";
import { OwnClick } from "~/faces/admin/components/OwnClick";

export const meta = titled("nav.notifications");

const PAGE_SIZE = 25;
const LIST_PATH = "/app/notifications";
const ERROR_PREVIEW_LENGTH = 80;
const TABS: { id: string; status?: Extract<NotificationStatus, "PENDING" | "SENT" | "FAILED"> }[] = [
  { id: "all" },
  { id: "pending", status: "PENDING" },
  { id: "sent", status: "SENT" },
  { id: "failed", status: "FAILED" },
];

/**
 * `?status=` one of the tabs, `?channel=EMAIL|SMS`, `?q=` the destination searched (decision 0078),
 * `?sort=newest|oldest`, `?cursor=`: an unknown status, channel or sort shows the default, a search
 * over 100 characters is 400, a cursor no list handed out shows the stale-link banner.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { params, q, sort, cursor } = listParams(request);
  const status = TABS.find((tab) => tab.status && tab.status === params.get("status"))?.status;
  const channel = NOTIFICATION_CHANNELS.find((value) => value === params.get("channel"));
  const listed = { status: status ?? null, channel: channel ?? null, q, sort };
  try {
    const livemode = await adminLivemode(session.shop);
    const page = await searchNotifications(session.shop, { status, channel, q, sort, cursor, limit: PAGE_SIZE }, livemode);
    const t = await translatorFor(request);
    const notifications = page.notifications.map((notification) => ({
      ...notification,
      // Why it was not sent, in the merchant's language where the app says it (a provider's own words stay as they are).
      lastError: notification.lastError && translateDomainMessage(t, notification.lastError),
      sentAt: notification.sentAt?.toISOString() ?? null,
      createdAt: notification.createdAt.toISOString(),
    }));
    return { ...listed, notifications, nextCursor: page.nextCursor, staleCursor: false };
  } catch (error) {
    return { ...listed, notifications: [], nextCursor: null, staleCursor: staleListLink(error) };
  }
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const fields = formFields(await readForm(request));
  switch (fields.intent) {
    case "resend":
      return runIntent("resend", await translatorFor(request), () => resendNotification(session.shop, fields.id ?? ""));
    // The list's selection (`ids`, comma-separated): each through the single Resend's step.
    case "resend-failed":
      return runIntentWithStatus("resend-failed", await translatorFor(request), async () =>
        resendFailedNotifications(session.shop, (fields.ids ?? "").split(","), await adminLivemode(session.shop)),
      );
    default:
      throw new Response(`Unknown intent “${fields.intent ?? ""}”`, { status: 400 });
  }
};

export default function Notifications() {
  const { status, channel, q, sort, notifications, nextCursor, staleCursor } = useLoaderData<typeof loader>();
  const filtered = status !== null || channel !== null;
  const selectedStatus = TABS.find((tab) => tab.status === status)?.status;
  const { t } = useTranslation();
  const format = useFormat();
  const resending = useIntentFetcher<BulkResendResult>("resend-failed", (result) => resentText(result, t));
  const shopify = useAppBridge();
  useEffect(() => {
    if (resending.message && !resending.busy) shopify.toast.show(resending.message, { isError: true });
  }, [resending.message, resending.busy, shopify]);

  return (
    <Page title={t("notifications.title")} subtitle={t("notifications.subtitle")}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <SearchableList
              path={LIST_PATH}
              tabs={TABS.map(({ id, status: tabStatus }) => ({
                id,
                status: tabStatus,
                label: tabStatus ? t(`notificationStatus.${tabStatus}`) : t("notifications.all"),
              }))}
              status={status}
              query={q}
              sorts={createdSorts(t)}
              sort={sort}
              filters={[
                {
                  key: "channel",
                  label: t("notificationsList.channel"),
                  choices: NOTIFICATION_CHANNELS.map((value) => ({ value, label: t(`channel.${value}`) })),
                  value: channel,
                },
              ]}
              staleCursor={staleCursor}
              nextCursor={nextCursor}
              ids={notifications.map((notification) => notification.id)}
              empty={
                q
                  ? {
                      heading: t("lists.noMatch", { query: q }),
                      body: t("notificationsList.noMatchBody"),
                      secondaryAction: { content: t("lists.clearSearch"), url: status ? `${LIST_PATH}?status=${status}` : LIST_PATH },
                    }
                  : {
                      heading: selectedStatus ? t(`notifications.empty${selectedStatus}`) : t("notifications.empty"),
                      body: filtered ? t("notifications.filteredEmpty") : t("notifications.emptyBody"),
                      action: filtered ? undefined : { content: t("notifications.createCards"), url: "/app/cards/new" },
                      secondaryAction: filtered ? { content: t("notifications.showAll"), url: LIST_PATH } : undefined,
                    }
              }
              resourceName={{ singular: t("notifications.resourceSingular"), plural: t("notifications.resourcePlural") }}
              searchPlaceholder={t("notificationsList.searchPlaceholder")}
              bulkActions={[
                {
                  content: t("notificationsList.resendFailed"),
                  onAction: (ids, clear) => {
                    resending.fetcher.submit({ intent: "resend-failed", ids: ids.join(",") }, { method: "post" });
                    clear();
                  },
                },
              ]}
              headings={[
                { title: t("notifications.recipient") },
                { title: t("common.status") },
                { title: t("common.created") },
                { title: t("common.actions"), hidden: true },
              ]}
            >
              {/* Four columns, the channel under the recipient, when it was sent and its attempts under its status, so the
                  row fits the admin's 1,040 px frame without a sideways scroll (issue 27). */}
              {notifications.map((notification, index) => (
                <IndexTable.Row id={notification.id} key={notification.id} position={index}>
                  <IndexTable.Cell>
                    <BlockStack gap="100">
                      <InlineStack gap="200" blockAlign="center" wrap={false}>
                        <Link url={`${LIST_PATH}/${notification.id}`} removeUnderline monochrome dataPrimaryLink>
                          <Text as="span" fontWeight="semibold">
                            <CellText>{notification.recipient}</CellText>
                          </Text>
                        </Link>
                        <ChannelBadge channel={notification.channel} />
                      </InlineStack>
                      <CellText>
                        <Text as="span" variant="bodySm" tone="subdued">
                          {cardsOf(notification.cardNames, t)}
                        </Text>
                      </CellText>
                    </BlockStack>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <BlockStack gap="100" inlineAlign="start">
                      <NotificationStatusBadge status={notification.status} />
                      {notification.sentAt && (
                        <Text as="span" variant="bodySm" tone="subdued">
                          {t("notifications.sentOn", { date: format.dateTime(notification.sentAt) })}
                        </Text>
                      )}
                      {notification.attempts > 1 && (
                        <Text as="span" variant="bodySm" tone="subdued">
                          {t("notifications.attemptCount", { count: notification.attempts })}
                        </Text>
                      )}
                      {notification.lastError && (
                        <CellText>
                          <Text as="span" variant="bodySm" tone="critical" breakWord>
                            {truncate(notification.lastError, ERROR_PREVIEW_LENGTH)}
                          </Text>
                        </CellText>
                      )}
                    </BlockStack>
                  </IndexTable.Cell>
                  <IndexTable.Cell>{format.dateTime(notification.createdAt)}</IndexTable.Cell>
                  <IndexTable.Cell>
                    <OwnClick>
                      <InlineStack gap="300" wrap={false} blockAlign="center">
                        {notification.hasLocalCopy && <Link url={`${LIST_PATH}/${notification.id}`}>{t("notifications.viewMessage")}</Link>}
                        {notification.status === "FAILED" && <ResendButton id={notification.id} recipient={notification.recipient} />}
                      </InlineStack>
                    </OwnClick>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </SearchableList>
            <Box paddingBlockEnd="800" />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

/** One fetcher per row, so one row's answer never shows on another. */
function ResendButton({ id, recipient }: { id: string; recipient: string }) {
  const fetcher = useFetcher<typeof action>();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  // The answer arrives before the list reloads (and a resent row loses this button): toast it right away.
  const result = fetcher.data;

  useEffect(() => {
    if (!result) return;
    if (result.ok) shopify.toast.show(t("notifications.queued"));
    else shopify.toast.show(result.message, { isError: true });
  }, [result, shopify, t]);

  return (
    <Button
      size="slim"
      loading={fetcher.state !== "idle"}
      onClick={() => fetcher.submit({ intent: "resend", id }, { method: "post" })}
      accessibilityLabel={t("notifications.resendLabel", { recipient })}
    >
      {t("notifications.resend")}
    </Button>
  );
}

/** What a bulk resend did, in one toast: how many were queued again, then each reason some were skipped. */
function resentText(result: BulkResendResult, t: TFunction): string {
  const parts = [t("notificationsList.resent", { count: result.resent })];
  if (result.skippedVoided) parts.push(t("notificationsList.skippedVoided", { count: result.skippedVoided }));
  if (result.skippedNotFailed) parts.push(t("notificationsList.skippedNotFailed", { count: result.skippedNotFailed }));
  if (result.skippedNotFound) parts.push(t("notificationsList.skippedNotFound", { count: result.skippedNotFound }));
  return parts.join(" · ");
}

function cardsOf(names: string[], t: TFunction): string {
  if (names.length === 0) return "";
  if (names.length <= 2) return names.join(", ");
  return t("notifications.moreCards", { names: names.slice(0, 2).join(", "), count: names.length - 2 });
}

const truncate = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);
