export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServerOrExit } = await import("./startup/start-server");
  await startServerOrExit();
}
