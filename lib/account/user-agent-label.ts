const browsers: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/OPR\/(\d+)/, "Opera"],
  [/(?:Firefox|FxiOS)\/(\d+)/, "Firefox"],
  [/(?:Chrome|CriOS)\/(\d+)/, "Chrome"],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari/, "Safari"],
];
const systems: [RegExp, string][] = [
  [/Windows/, "Windows"],
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/CrOS/, "ChromeOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

/** "Chrome 142 on Linux": a session's browser and system, as far as its User-Agent tells. */
export function userAgentLabel(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const browser = browsers
    .map(([pattern, name]) => {
      const version = pattern.exec(userAgent)?.[1];
      return version ? `${name} ${version}` : undefined;
    })
    .find(Boolean);
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser) return system ? `A browser on ${system}` : "Unknown browser";
  return system ? `${browser} on ${system}` : browser;
}
