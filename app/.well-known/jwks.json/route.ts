import { routeMethods } from "@/lib/pipeline/handle";
import { treeHeadPublicJwks } from "@/lib/receipts/tree-head-public-jwks";
import { buildJwks } from "@/lib/tokens/jwks";
import { loadPublishedJwks } from "@/lib/tokens/published-keys";

export const dynamic = "force-dynamic";

// Any web page may read the keys (OPTIONS answers a browser's preflight).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  {
    // GET /.well-known/jwks.json - every public key, unauthenticated: the RS256 keys that verify
    // agent tokens and the Ed25519 keys (active and retired) that sign the attest log's tree heads
    GET: async () => {
      const [tokenKeys, treeHeadKeys] = await Promise.all([
        loadPublishedJwks(),
        treeHeadPublicJwks(),
      ]);
      return Response.json(buildJwks([...tokenKeys, ...treeHeadKeys]), {
        headers: { "Cache-Control": "public, max-age=60" },
      });
    },
  },
  { anyOrigin: true },
);
