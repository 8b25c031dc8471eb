import { messageOf, scopeOf, templateFor, type ClaimMessage } from "./claim-messages.server";
import { validationFailed } from "./errors";
import { renderField } from "./messages/claim-message";
import { DEFAULT_TEMPLATES, MESSAGE_LANGUAGES, type MessageLanguage, type MessageTemplateText } from "./messages/default-templates";
import { isDefaultTemplate, templateIssues } from "./messages/template-checks";
import type { MessageScope } from "./messages/variables";
import { ports } from "./ports";
import { parseInput } from "./schemas";
import { z } from "./schemas/zod";
import { shopProfile, type ShopProfile } from "./shop-profile.server";
import { stores } from "./stores";

/*
 * The shop's claim-message templates (Settings → Messages): subject, e-mail body
 * and SMS per language, Liquid checked before it is stored
 * (docs/decisions/0031-branded-localized-messages.md).
 */

const source = (max: number) =>
  z
    .string()
    .max(max, `Must be at most ${max} characters`)
    .refine((text) => text.trim() !== "", "Must not be empty");

const templateInput = z
  .object({
    language: z.enum(MESSAGE_LANGUAGES),
    subject: source(1_000),
    emailBody: source(10_000),
    smsBody: source(1_000),
  })
  .strict();

type TemplateInput = z.output<typeof templateInput>;
type Field = keyof MessageTemplateText;

const SAMPLE_CODE = "7KQ2-M9XD-R4TB";
const SAMPLE: Record<MessageLanguage, { firstName: string; cards: string[] }> = {
  en: { firstName: "Jane", cards: ["Gold membership", "Silver pin", "Bronze badge"] },
  fr: { firstName: "Camille", cards: ["Carte Or", "Pin’s Argent", "Badge Bronze"] },
};

/** Sample data for the preview and the checks: one card and a customer's name first, then three cards and no name. */
function samples(profile: ShopProfile, language: MessageLanguage, locale: string, now = Date.now()): MessageScope[] {
  const expiresAt = new Date(now + 90 * 86_400_000).toISOString();
  const claimUrl = `https://${profile.shop}${ports().urls.proxyPath()}/redeem?code=${SAMPLE_CODE}`;
  const payload = (count: number, firstName: string | null) => ({
    code: SAMPLE_CODE,
    claimUrl,
    claimTarget: "THEME" as const,
    expiresAt,
    locale,
    firstName,
    cards: SAMPLE[language].cards.slice(0, count).map((name) => ({ name, imageUrl: null, metadata: [] })),
  });
  return [scopeOf(profile, locale, payload(1, SAMPLE[language].firstName)), scopeOf(profile, locale, payload(3, null))];
}

/** The locale sample dates are written in: the shop's primary locale when it speaks that language. */
const sampleLocale = (profile: ShopProfile, language: MessageLanguage) =>
  profile.primaryLocale.toLowerCase().split("-")[0] === language ? profile.primaryLocale : language;

export interface TemplateView extends MessageTemplateText {
  language: MessageLanguage;
  customized: boolean;
  defaults: MessageTemplateText;
}

/** Every language's template as the shop sends it now. */
export async function messageTemplates(shop: string): Promise<TemplateView[]> {
  return Promise.all(
    MESSAGE_LANGUAGES.map(async (language) => ({
      language,
      ...(await templateFor(shop, language)),
      defaults: DEFAULT_TEMPLATES[language],
    })),
  );
}

export interface Preview {
  language: MessageLanguage;
  /** The message with sample data; a field the checks refuse is empty. */
  message: ClaimMessage;
  /** Why a field cannot be stored, by field (as a save would refuse it). */
  fieldErrors: Partial<Record<Field, string>>;
}

/** A template (saved or not) with sample data, and what a save would refuse. Writes nothing. */
export async function previewMessage(shop: string, input: unknown): Promise<Preview> {
  const template = parseInput(templateInput, input);
  const profile = await shopProfile(shop);
  const locale = sampleLocale(profile, template.language);
  const [sample] = samples(profile, template.language, locale) as [MessageScope];
  const fieldErrors = templateIssues(template, samples(profile, template.language, locale));
  const field = (name: Field) => (fieldErrors[name] ? "" : renderField(name, template[name], sample));
  const words = { subject: field("subject"), emailBody: field("emailBody"), sms: field("smsBody") };
  return { language: template.language, message: messageOf(profile, { language: template.language, locale }, sample, words), fieldErrors };
}

/** Stores a language's template once every field passes the checks; nothing is written otherwise. */
export async function saveMessageTemplate(shop: string, input: unknown): Promise<TemplateView> {
  const template: TemplateInput = parseInput(templateInput, input);
  const profile = await shopProfile(shop);
  const issues = templateIssues(template, samples(profile, template.language, sampleLocale(profile, template.language)));
  const details = (Object.entries(issues) as [Field, string][]).map(([path, message]) => ({ path, message }));
  if (details.length) throw validationFailed(details);
  const { language, subject, emailBody, smsBody } = template;
  // The default's own words are no customisation: the next default (a better wording) reaches the shop.
  if (isDefaultTemplate(language, template)) return resetMessageTemplate(shop, language);
  await stores().settings.saveMessageTemplate({ shop, language, subject, emailBody, smsBody });
  return { language, subject, emailBody, smsBody, customized: true, defaults: DEFAULT_TEMPLATES[language] };
}

/** Back to the default wording for a language. */
export async function resetMessageTemplate(shop: string, language: unknown): Promise<TemplateView> {
  const { language: parsed } = parseInput(z.object({ language: z.enum(MESSAGE_LANGUAGES) }), { language });
  await stores().settings.deleteMessageTemplate(shop, parsed);
  return { language: parsed, ...DEFAULT_TEMPLATES[parsed], customized: false, defaults: DEFAULT_TEMPLATES[parsed] };
}
