import type { LoaderFunctionArgs } from "@remix-run/node";
import { errorBody, methodNotAllowedResponse } from "~/faces/api/errors";
import { DomainError, notFound } from "~/domain/errors";
import { publicNftMetadata } from "~/domain/chain-mints.server";

// Public, like the chain it describes: wallets and explorers fetch an NFT's
// metadata with no key, often from a browser (hence CORS for everyone).
const headers = { "Access-Control-Allow-Origin": "*" };

export async function loader({ params }: LoaderFunctionArgs) {
  const id = /^(nft_[0-9A-HJKMNP-TV-Z]{26})\.json$/.exec(params.file ?? "")?.[1];
  try {
    if (!id) throw notFound("NFT metadata");
    const metadata = await publicNftMetadata(id);
    return Response.json(metadata, { headers: { ...headers, "Cache-Control": "public, max-age=300" } });
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== "NOT_FOUND") throw error;
    return Response.json(errorBody("NOT_FOUND", error.message), { status: 404, headers: { ...headers, "Cache-Control": "no-store" } });
  }
}

export const action = () => methodNotAllowedResponse("GET");
