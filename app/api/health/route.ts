// GET /api/health - liveness: no authentication, no database
export function GET() {
  return Response.json({ status: "ok" });
}
