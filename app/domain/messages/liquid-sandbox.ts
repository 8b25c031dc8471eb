import type { Liquid, Template, TagToken, TopLevelToken, Emitter, Context } from "liquidjs";
import { onFirstUse } from "~/lib/on-first-use.server";
import { unknownPart, type MessageScope } from "./variables";

/*
 * The one Liquid engine claim-message templates run in
 * (docs/decisions/0031-branded-localized-messages.md). A template sees only the
 * scope it is rendered with: strict variables and filters (a typo is an error,
 * not an empty string), own properties only (no `constructor`, no prototype), no
 * file system (an empty in-memory set of partials, and the tags that load one
 * refused when parsed), and bounded parse size, render time and memory.
 */

/** The largest template source parsed (bytes of Liquid). */
const PARSE_LIMIT = 64 * 1024;
/** Milliseconds one render may take. */
const RENDER_LIMIT_MS = 200;
/** liquidjs' count of allocations (string building, ranges, joins) one render may make. */
const MEMORY_LIMIT = 1_000_000;

/** Tags that would read another template (a file, or a partial) or build a layout. */
const LOADING_TAGS = ["include", "render", "layout", "block"] as const;

const liquidjs = onFirstUse<typeof import("liquidjs")>("liquidjs");
let built: Liquid | undefined;

/** The engine, built on the first template a process parses (most never parse one). */
function engine(): Liquid {
  if (built) return built;
  const { Liquid, Tag } = liquidjs();
  class RefusedTag extends Tag {
    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
      super(token, remainTokens, liquid);
      throw new Error(`REFUSED_TAG:${token.name}`);
    }
    *render(_context: Context, _emitter: Emitter): Generator<unknown, void, unknown> {}
  }
  built = new Liquid({
    strictVariables: true,
    strictFilters: true,
    ownPropertyOnly: true,
    templates: {},
    relativeReference: false,
    parseLimit: PARSE_LIMIT,
    renderLimit: RENDER_LIMIT_MS,
    memoryLimit: MEMORY_LIMIT,
    greedy: false,
  });
  for (const name of LOADING_TAGS) built.registerTag(name, RefusedTag);
  return built;
}

/** Why a template cannot be used, at a line of its source (1-based). */
export interface TemplateIssue {
  line: number;
  /** In the domain's English (the admin translates it, decision 0020). */
  message: string;
}

export class TemplateError extends Error {
  constructor(readonly issue: TemplateIssue) {
    super(`Line ${issue.line}: ${issue.message}`);
  }
}

// Parsed templates by source: the dispatcher renders the same few sources over and over.
const parsed = new Map<string, Template[]>();
const PARSED_KEPT = 500;

function parse(source: string): Template[] {
  const cached = parsed.get(source);
  if (cached) return cached;
  let templates: Template[];
  try {
    templates = engine().parse(source);
  } catch (error) {
    throw new TemplateError(issueOf(error));
  }
  if (parsed.size >= PARSED_KEPT) parsed.clear();
  parsed.set(source, templates);
  return templates;
}

/** The first variable the template reads that is not one of the message's (MESSAGE_VARIABLES), found without rendering. */
function unknownVariable(templates: Template[]): TemplateIssue | null {
  const { globals } = engine().analyzeSync(templates, { partials: false });
  for (const references of Object.values(globals)) {
    for (const reference of references) {
      const unknown = unknownPart(reference.segments);
      if (unknown !== null) return { line: reference.location.row, message: `unknown variable ${unknown}` };
    }
  }
  return null;
}

/** Renders a template the checks accepted; throws TemplateError with the line when it fails (a limit, a variable only rendering reaches). */
export function renderTemplate(source: string, scope: MessageScope): string {
  const templates = parse(source);
  try {
    return engine().renderSync(templates, scope) as string;
  } catch (error) {
    throw new TemplateError(issueOf(error));
  }
}

/**
 * Checks a template before it is stored: it parses, reads only known variables,
 * and renders with each sample scope (a loop variable's unknown property, a
 * limit) — the first problem found, or null.
 */
export function checkTemplate(source: string, samples: MessageScope[]): TemplateIssue | null {
  try {
    const templates = parse(source);
    const unknown = unknownVariable(templates);
    if (unknown) return unknown;
    for (const sample of samples) renderTemplate(source, sample);
    return null;
  } catch (error) {
    if (error instanceof TemplateError) return error.issue;
    throw error;
  }
}

const POSITION = /,? ?line:(\d+), col:\d+$/;

/** A liquidjs error as a line and a sentence the admin can translate. */
function issueOf(error: unknown): TemplateIssue {
  const raw = error instanceof Error ? error.message : String(error);
  const line = Number(POSITION.exec(raw)?.[1] ?? lineOfToken(error) ?? 1);
  const detail = raw.replace(POSITION, "");
  const refused = /REFUSED_TAG:(\w+)/.exec(detail);
  if (refused) return { line, message: `the ${refused[1]} tag is not allowed` };
  const tag = /^tag "(.+)" not found$/.exec(detail);
  if (tag) return { line, message: `unknown tag ${tag[1]}` };
  const filter = /^undefined filter: (.+)$/.exec(detail);
  if (filter) return { line, message: `unknown filter ${filter[1]}` };
  const variable = /^undefined variable: (.+)$/.exec(detail);
  if (variable) return { line, message: `unknown variable ${variable[1]}` };
  if (/limit exceeded/.test(detail)) return { line, message: "the message takes too long or grows too large to render" };
  return { line, message: `Liquid syntax error: ${detail}` };
}

function lineOfToken(error: unknown): number | undefined {
  const token = (error as { token?: { getPosition?: () => [number, number] } }).token;
  return token?.getPosition?.()[0];
}
