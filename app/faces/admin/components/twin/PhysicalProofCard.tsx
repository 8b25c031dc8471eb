import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Badge, Banner, BlockStack, Button, Card, InlineStack, Link, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { twinProof, TagView, tagProgramming } from "~/domain/nfc-tags.server";
import { useFormat } from "~/faces/admin/i18n/use-format";

type Proof = Awaited<ReturnType<typeof twinProof>>;
type Programming = Awaited<ReturnType<typeof tagProgramming>>;
type Answer<T> =
  { intent: string; ok: true; data: T } | { intent: string; ok: false; message: string; fieldErrors: Record<string, string> };

const MONO = { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", overflowWrap: "anywhere" } as const;

/**
 * A twin's physical proof on its page (decision 0063): its GS1 Digital Link or why it has none,
 * the links the merchant sets for every item of its GTIN, and its NTAG 424 DNA tags with their taps,
 * a form to bind one and what to write on each.
 */
export function PhysicalProofCard({ proof }: { proof: Proof }) {
  const { t } = useTranslation();
  const keys = useFetcher<Answer<{ masterKey: string; factory: boolean }>>();
  const bind = useFetcher<Answer<TagView>>();
  const [uid, setUid] = useState("");
  const bindError = bind.data && !bind.data.ok ? (bind.data.fieldErrors.uid ?? bind.data.message) : undefined;
  useEffect(() => {
    if (bind.state === "idle" && bind.data?.ok) setUid("");
  }, [bind.state, bind.data]);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("proof.title")}
        </Text>
        <Gs1Identity identity={proof.identity} />
        {proof.productLinks && <ProductLinksForm links={proof.productLinks} />}
        <Text as="h3" variant="headingSm">
          {t("proof.tags")}
        </Text>
        {keys.data?.ok && (
          <Banner tone="warning" title={t("proof.masterKeyOnce")}>
            <p style={MONO} data-master-key>
              {keys.data.data.masterKey}
            </p>
          </Banner>
        )}
        {!proof.keyring.setUp ? (
          <keys.Form method="post">
            <input type="hidden" name="intent" value="set-up-tag-keys" />
            <BlockStack gap="200">
              <Text as="p" tone="subdued">
                {t("proof.noKeys")}
              </Text>
              <InlineStack>
                <Button submit loading={keys.state !== "idle"}>
                  {t("proof.setUpKeys")}
                </Button>
              </InlineStack>
            </BlockStack>
          </keys.Form>
        ) : (
          <>
            {proof.keyring.factory && <Banner tone="info">{t("proof.factoryKeys")}</Banner>}
            {proof.tags.length === 0 ? (
              <Text as="p" tone="subdued">
                {t("proof.noTags")}
              </Text>
            ) : (
              <BlockStack gap="300" as="ul">
                {proof.tags.map((tag) => (
                  <TagRow key={tag.id} tag={tag} />
                ))}
              </BlockStack>
            )}
            <bind.Form method="post">
              <input type="hidden" name="intent" value="bind-tag" />
              <BlockStack gap="200">
                <TextField
                  label={t("proof.uid")}
                  name="uid"
                  value={uid}
                  onChange={setUid}
                  autoComplete="off"
                  helpText={t("proof.uidHelp")}
                  error={bindError}
                />
                <InlineStack>
                  <Button submit loading={bind.state !== "idle"}>
                    {t("proof.bind")}
                  </Button>
                </InlineStack>
              </BlockStack>
            </bind.Form>
          </>
        )}
      </BlockStack>
    </Card>
  );
}

function Gs1Identity({ identity }: { identity: Proof["identity"] }) {
  const { t } = useTranslation();
  if (identity?.digitalLink)
    return (
      <BlockStack gap="100">
        <Text as="p" variant="bodyMd" fontWeight="semibold">
          {t("proof.gs1")} · {t("proof.gtin", { gtin: identity.gtin })}
        </Text>
        <Text as="p" breakWord>
          <Link url={identity.digitalLink} target="_blank">
            {identity.digitalLink}
          </Link>
        </Text>
      </BlockStack>
    );
  if (identity?.barcodeProblem)
    return <Banner tone="warning">{t(`proof.barcodeProblem.${identity.barcodeProblem}`, { barcode: identity.barcode })}</Banner>;
  return (
    <Text as="p" tone="subdued">
      {t(identity ? "proof.noBarcode" : "proof.noProduct")}
    </Text>
  );
}

/** The links of every item of the twin's GTIN, served in its GS1 linkset; each refusal shows under its field. */
function ProductLinksForm({ links }: { links: NonNullable<Proof["productLinks"]> }) {
  const { t } = useTranslation();
  const shopify = useAppBridge();
  const save = useFetcher<Answer<unknown>>();
  const [values, setValues] = useState({ sustainabilityInfo: links.sustainabilityInfo ?? "", instructions: links.instructions ?? "" });
  const errors = save.data && !save.data.ok ? save.data.fieldErrors : {};
  useEffect(() => {
    if (save.state === "idle" && save.data?.ok) shopify.toast.show(t("proof.links.saved"));
  }, [save.state, save.data, shopify, t]);
  return (
    <save.Form method="post" noValidate>
      <input type="hidden" name="intent" value="product-links" />
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {t("proof.links.title")}
        </Text>
        <Text as="p" tone="subdued">
          {t("proof.links.help")}
        </Text>
        {(["sustainabilityInfo", "instructions"] as const).map((type) => (
          <TextField
            key={type}
            label={t(`proof.links.${type}`)}
            name={type}
            type="url"
            value={values[type]}
            onChange={(value) => setValues((current) => ({ ...current, [type]: value }))}
            autoComplete="off"
            placeholder="https://"
            error={errors[type]}
          />
        ))}
        <InlineStack>
          <Button submit loading={save.state !== "idle"}>
            {t("proof.links.save")}
          </Button>
        </InlineStack>
      </BlockStack>
    </save.Form>
  );
}

function TagRow({ tag }: { tag: TagView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const retire = useFetcher<Answer<TagView>>();
  const programming = useFetcher<Answer<Programming>>();
  const active = tag.status === "ACTIVE";
  const shown = programming.data?.ok ? programming.data.data : null;
  return (
    <li style={{ listStyle: "none" }} data-tag-uid={tag.uid}>
      <BlockStack gap="100">
        <InlineStack gap="200" blockAlign="center">
          <span style={MONO}>{tag.uid}</span>
          <Badge tone={active ? "success" : undefined}>{t(active ? "proof.active" : "proof.retired")}</Badge>
        </InlineStack>
        <Text as="p" tone="subdued">
          {tag.lastTapAt && tag.lastCounter !== null
            ? t("proof.lastTap", { date: format.dateTime(tag.lastTapAt), counter: format.number(tag.lastCounter) })
            : t("proof.neverTapped")}
        </Text>
        <Text as="p" tone="subdued">
          {t("proof.attempts", { copied: format.number(tag.copiedCount), invalid: format.number(tag.invalidCount) })}
        </Text>
        {active && (
          <InlineStack gap="200">
            <programming.Form method="post">
              <input type="hidden" name="intent" value="tag-programming" />
              <input type="hidden" name="tag_id" value={tag.id} />
              <Button submit loading={programming.state !== "idle"}>
                {t("proof.showKeys")}
              </Button>
            </programming.Form>
            <retire.Form method="post">
              <input type="hidden" name="intent" value="retire-tag" />
              <input type="hidden" name="tag_id" value={tag.id} />
              <Button submit tone="critical" variant="plain" loading={retire.state !== "idle"}>
                {t("proof.retire")}
              </Button>
            </retire.Form>
          </InlineStack>
        )}
        {active && shown && <TagProgramming programming={shown} />}
      </BlockStack>
    </li>
  );
}

function TagProgramming({ programming }: { programming: Programming }) {
  const { t } = useTranslation();
  const { template, keys } = programming;
  return (
    <BlockStack gap="100">
      <Text as="p" fontWeight="semibold">
        {t("proof.template")}
      </Text>
      <p style={MONO}>{template.url}</p>
      <Text as="p" tone="subdued">
        {t("proof.offsets", { picc: template.piccDataOffset, macInput: template.macInputOffset, mac: template.macOffset })}
      </Text>
      {(["appMaster", "metaRead", "fileRead", "key3", "key4"] as const).map((name) => (
        <p key={name}>
          {t(`proof.keys.${name}`)} <span style={MONO}>{keys[name]}</span>
        </p>
      ))}
    </BlockStack>
  );
}
