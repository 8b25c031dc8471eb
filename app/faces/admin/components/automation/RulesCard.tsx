import type { SerializeFrom } from "@remix-run/node";
import { Badge, BlockStack, Button, Card, EmptyState, IndexTable, Link, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { IssuingRule } from "~/domain/issuing-rules.server";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { EMPTY_STATE_IMAGE } from "../empty-state-image";
import { ResponsiveIndexTable } from "../ResponsiveIndexTable";
import { useIntentFetcher } from "../customer/use-intent-fetcher";
import { OwnClick } from "../OwnClick";

type Rule = SerializeFrom<IssuingRule>;

/** The shop's issuing rules: target, moment, what each issues, and Pause/Resume; or what rules are for. */
export function RulesCard({ rules }: { rules: Rule[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (rules.length === 0) {
    return (
      <Card>
        <EmptyState
          heading={t("automation.emptyHeading")}
          image={EMPTY_STATE_IMAGE}
          action={{ content: t("automation.create"), url: "/app/automation/new" }}
        >
          <p>{t("automation.emptyBody")}</p>
        </EmptyState>
      </Card>
    );
  }
  return (
    <Card padding="0">
      <ResponsiveIndexTable
        resourceName={{ singular: t("automation.resourceSingular"), plural: t("automation.resourcePlural") }}
        itemCount={rules.length}
        selectable={false}
        headings={[
          { title: t("automation.appliesTo") },
          { title: t("automation.when") },
          { title: t("automation.issues") },
          { title: t("common.status") },
          { title: t("common.actions"), hidden: true },
        ]}
      >
        {/* Rows and cells written out here: ResponsiveIndexTable restacks them on a phone. */}
        {rules.map((rule, index) => (
          <IndexTable.Row id={rule.id} key={rule.id} position={index}>
            <IndexTable.Cell>
              <BlockStack>
                <Link url={`/app/automation/${rule.id}`} removeUnderline dataPrimaryLink>
                  <Text as="span" fontWeight="semibold">
                    {rule.targetTitle}
                  </Text>
                </Link>
                <Text as="span" variant="bodySm" tone="subdued">
                  {t(`automation.targetType.${rule.targetType}`)}
                </Text>
              </BlockStack>
            </IndexTable.Cell>
            <IndexTable.Cell>{t(`automation.trigger.${rule.trigger}`)}</IndexTable.Cell>
            <IndexTable.Cell>
              <BlockStack>
                {rule.issueTwin && <Text as="span">{t("automation.twin")}</Text>}
                {rule.card && (
                  <Text as="span">
                    {t(rule.cardPerUnit ? "automation.cardPerUnit" : "automation.cardPerLine", { name: rule.card.name })}
                  </Text>
                )}
                <Text as="span" variant="bodySm" tone="subdued">
                  {rule.editionSize === null
                    ? t("automation.editionOpen", { issued: format.number(rule.issuedCount) })
                    : t("automation.editionOf", { issued: format.number(rule.issuedCount), size: format.number(rule.editionSize) })}
                </Text>
              </BlockStack>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Badge tone={rule.status === "PAUSED" ? undefined : "success"}>{t(`automation.ruleStatus.${rule.status}`)}</Badge>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <OwnClick>
                <PauseButton rule={rule} />
              </OwnClick>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </ResponsiveIndexTable>
    </Card>
  );
}

/** Pause or Resume one rule; its own fetcher, so one row's answer never shows on another. */
function PauseButton({ rule }: { rule: Rule }) {
  const { t } = useTranslation();
  const toggle = useIntentFetcher<Rule>("set-status", (updated) =>
    t(updated.status === "PAUSED" ? "automation.paused" : "automation.resumed"),
  );
  const paused = rule.status === "PAUSED";
  return (
    <Button
      size="slim"
      loading={toggle.busy}
      onClick={() =>
        toggle.fetcher.submit(
          { intent: "set-status", id: rule.id, status: paused ? "ACTIVE" : "PAUSED" },
          { method: "post", action: "/app/automation?index" },
        )
      }
      accessibilityLabel={t(paused ? "automation.resumeLabel" : "automation.pauseLabel", { title: rule.targetTitle })}
    >
      {t(paused ? "automation.resume" : "automation.pause")}
    </Button>
  );
}
