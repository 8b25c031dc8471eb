import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Button, Card, FormLayout, InlineStack, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

type Answer = { ok: true } | { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * Settings → Expiry reminders: how many days before an unclaimed code expires its message is sent
 * again as a reminder (0: none; decision 0071). The page's action handles intent "reminders".
 */
export function ReminderSettings({ days }: { days: number }) {
  const fetcher = useFetcher<Answer>();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const [value, setValue] = useState(String(days));
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    shopify.toast.show(fetcher.data.ok ? t("reminders.saved") : t("reminders.notSaved"), { isError: !fetcher.data.ok });
  }, [fetcher.state, fetcher.data, shopify, t]);

  return (
    <Card>
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="reminders" />
        <FormLayout>
          <TextField
            label={t("reminders.daysLabel")}
            name="reminderDays"
            type="number"
            inputMode="numeric"
            min={0}
            max={30}
            value={value}
            onChange={setValue}
            autoComplete="off"
            helpText={t("reminders.daysHelp")}
            error={failed?.fieldErrors.reminderDays}
          />
          <InlineStack align="end">
            <Button submit loading={fetcher.state !== "idle"}>
              {t("reminders.save")}
            </Button>
          </InlineStack>
        </FormLayout>
      </fetcher.Form>
    </Card>
  );
}
