import { allowAnyOrigin, anyOriginPreflight } from "@/lib/http/any-origin";
import { treeHeadPublicJwks } from "@/lib/receipts/tree-head-public-jwks";
import { buildJwks } from "@/lib/tokens/jwks";
import { loadPublishedJwks } from "@/lib/tokens/published-keys";

export const dynamic = "force-dynamic";

// GET /.well-known/jwks.json - every public key, unauthenticated: the RS256 keys that verify agent
// tokens and the Ed25519 keys (active and retired) that sign the attest log's tree heads
export async function GET() {
  const [tokenKeys, treeHeadKeys] = await Promise.all([loadPublishedJwks(), treeHeadPublicJwks()]);
  return allowAnyOrigin(
    Response.json(buildJwks([...tokenKeys, ...treeHeadKeys]), {
      headers: { "Cache-Control": "public, max-age=60" },
    }),
  );
}

// OPTIONS /.well-known/jwks.json - a browser's preflight: any web page may read the keys
export async function OPTIONS() {
  return anyOriginPreflight(["GET"]);
}
