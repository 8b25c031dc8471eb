import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Layout, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { authenticate, shopifyStorefront } from "~/adapters/shopify/shopify-app.server";
import { refreshShopProfile } from "~/adapters/shopify/shop-profile.server";
import { messageTemplates, resetMessageTemplate, saveMessageTemplate } from "~/domain/message-templates.server";
import { setMessageLogo, shopProfile } from "~/domain/shop-profile.server";
import { formFields, readForm, runIntent } from "~/faces/admin/action-result.server";
import { MessageVariables } from "~/faces/admin/components/messages/MessageVariables";
import { SenderSettings } from "~/faces/admin/components/messages/SenderSettings";
import { TemplateEditor } from "~/faces/admin/components/messages/TemplateEditor";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { messagePreview, templateFields } from "~/faces/admin/message-preview.server";
import { sendTestMessage } from "~/faces/admin/message-test.server";
import { titled } from "~/faces/admin/page-title";

export const meta = titled("messages.title");

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { admin, session } = await authenticate.admin(request);
  const t = await translatorFor(request);
  // The name and logo a merchant just changed in Shopify show here at once; what could not be read is said.
  const reading = await refreshShopProfile(session.shop, admin.graphql, shopifyStorefront, { force: true });
  const [profile, templates] = await Promise.all([shopProfile(session.shop), messageTemplates(session.shop)]);
  const previews = await Promise.all(
    templates.map(({ language, subject, emailBody, smsBody }) =>
      messagePreview(session.shop, { language, subject, emailBody, smsBody }, t),
    ),
  );
  return {
    sender: {
      name: profile.name,
      logoUrl: profile.logoUrl,
      customLogoUrl: profile.customLogoUrl,
      brandLogoUrl: profile.brandLogoUrl,
      contactEmail: profile.contactEmail,
      known: profile.known,
      essentialsUnread: reading.essentials === "failed",
      logoUnread: reading.logo === "failed",
    },
    templates: templates.map((template, index) => ({ ...template, preview: previews[index]! })),
  };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = await readForm(request);
  const fields = formFields(form);
  const t = await translatorFor(request);
  const shop = session.shop;
  switch (fields.intent) {
    case "preview":
      return runIntent("preview", t, () => messagePreview(shop, templateFields(form), t));
    case "save":
      return runIntent("save", t, async () => {
        await saveMessageTemplate(shop, templateFields(form));
        return messagePreview(shop, templateFields(form), t);
      });
    case "reset":
      return runIntent("reset", t, async () => {
        const { language, subject, emailBody, smsBody } = await resetMessageTemplate(shop, fields.language);
        return {
          template: { subject, emailBody, smsBody },
          preview: await messagePreview(shop, { language, subject, emailBody, smsBody }, t),
        };
      });
    case "test":
      return runIntent("test", t, () => sendTestMessage(shop, templateFields(form), fields.testTo ?? ""));
    case "logo":
      return runIntent("logo", t, async () => {
        const profile = await setMessageLogo(shop, { logoUrl: fields.logoUrl ?? "" });
        return { logoUrl: profile.logoUrl, customLogoUrl: profile.customLogoUrl };
      });
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
};

export default function Messages() {
  const { sender, templates } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Page title={t("messages.title")} subtitle={t("messages.subtitle")} backAction={{ content: t("settings.title"), url: "/app/settings" }}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <SenderSettings sender={sender} />
            <TemplateEditor templates={templates} testTo={sender.contactEmail ?? ""} />
            <MessageVariables />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
