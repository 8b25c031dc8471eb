import { DEFAULT_TEMPLATES, type MessageLanguage, type MessageTemplateText } from "./default-templates";
import { renderField } from "./claim-message";
import { checkTemplate, TemplateError } from "./liquid-sandbox";
import type { MessageScope } from "./variables";

/** A tag-like `<script>`, `</b>` or `<img src=…>`: messages are plain text. */
const MARKUP = /<\s*\/?\s*([a-z][a-z0-9-]*)\b[^>]*>/i;

const lineAt = (source: string, index: number) => source.slice(0, index).split("\n").length;

function markupIssue(source: string): string | null {
  const match = MARKUP.exec(source);
  if (!match) return null;
  return `Line ${lineAt(source, match.index)}: HTML tags such as <${match[1]!.toLowerCase()}> are not allowed; write plain text`;
}

// A claim link no customer would type: whether the SMS carries the link shows in its output.
const LINK_MARKER = "https://claim.invalid/redeem?code=MARKER";

/**
 * Why each field of a template cannot be stored, by field: markup, a Liquid
 * problem (syntax, an unknown tag, filter or variable, a limit) at its line, a
 * rendering too long, or an SMS that would not carry the claim link.
 */
export function templateIssues(template: MessageTemplateText, samples: MessageScope[]): Partial<Record<keyof MessageTemplateText, string>> {
  const issues: Partial<Record<keyof MessageTemplateText, string>> = {};
  for (const field of Object.keys(template) as (keyof MessageTemplateText)[]) {
    const source = template[field];
    const issue = markupIssue(source) ?? liquidIssue(source, samples) ?? renderedIssue(field, source, samples);
    if (issue) issues[field] = issue;
  }
  if (
    !issues.smsBody &&
    !samples.every((sample) => renderField("smsBody", template.smsBody, { ...sample, claim_url: LINK_MARKER }).includes(LINK_MARKER))
  ) {
    issues.smsBody = "Must include claim_url, the link that claims the cards";
  }
  return issues;
}

function liquidIssue(source: string, samples: MessageScope[]): string | null {
  const issue = checkTemplate(source, samples);
  return issue && `Line ${issue.line}: ${issue.message}`;
}

function renderedIssue(field: keyof MessageTemplateText, source: string, samples: MessageScope[]): string | null {
  try {
    for (const sample of samples) renderField(field, source, sample);
    return null;
  } catch (error) {
    if (error instanceof TemplateError) return `Line ${error.issue.line}: ${error.issue.message}`;
    throw error;
  }
}

/** Whether a template says exactly what the default says (then no row is kept for it). */
export const isDefaultTemplate = (language: MessageLanguage, template: MessageTemplateText) =>
  (Object.keys(template) as (keyof MessageTemplateText)[]).every((field) => template[field] === DEFAULT_TEMPLATES[language][field]);
