import { errorBody, httpFailure } from "~/faces/api/errors";
import { readBodyBytes } from "~/faces/api/request-body.server";
import { DomainError } from "~/domain/errors";
import { PassAuthError } from "~/domain/wallet-pass-service.server";

/*
 * Apple's PassKit web service face (decision 0047), mounted at <app URL>/wallet
 * (Wallet appends /v1/…): thin routes over app/domain/wallet-pass-service.server.ts.
 * Refusals are JSON in the /v1 envelope; Wallet only reads the status.
 */

const NO_STORE = { "Cache-Control": "no-store" };

/** Runs a request's work; a wrong token is 401, a domain refusal its status, anything else 500 without details. */
export async function walletServiceAnswer(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof PassAuthError)
      return Response.json(errorBody("UNAUTHENTICATED", error.message), {
        status: 401,
        headers: { ...NO_STORE, "WWW-Authenticate": 'ApplePass realm="wallet"' },
      });
    const failure = httpFailure(error, "the Apple Wallet web service");
    return Response.json(errorBody(failure.code, failure.message, failure.details), {
      status: failure.status,
      headers: { ...failure.headers, ...NO_STORE },
    });
  }
}

/** What a device's request said: 16 KiB of JSON at most. */
export async function jsonBody(request: Request): Promise<unknown> {
  const bytes = await readBodyBytes(request);
  if (bytes === null || bytes.byteLength > 16 * 1024) throw new DomainError("VALIDATION_FAILED", "The body is larger than 16 KiB");
  const text = new TextDecoder().decode(bytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DomainError("VALIDATION_FAILED", "The body must be JSON");
  }
}

export const emptyAnswer = (status: number) => new Response(null, { status, headers: NO_STORE });
