export async function register() {
  // Next.js sets NEXT_RUNTIME itself, at build time: it is not configuration.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkConfigOrExit } = await import("./startup/check-config");
  checkConfigOrExit();
  const { startServerOrExit } = await import("./startup/start-server");
  await startServerOrExit();
}
