export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("./lib/startup");
  try {
    await startServer();
  } catch (error) {
    // Next.js would log this and go on answering every request with a 500: stop instead.
    console.error("start-up failed:", error);
    process.exit(1);
  }
}
