/**
 * The browser and system a user agent names, for the sessions list ("Chrome 131 on macOS"). A
 * small mapping of the browsers and systems admins use rather than a full parser: the list only
 * needs to tell one's own devices apart, and the full user agent stays in the row's title.
 */
export interface DescribedAgent {
  browser: string;
  system: string;
}

/** First match wins: browsers built on Chromium name "Chrome" too, Chrome names "Safari". */
const browsers: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ["Edge", /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /\b(?:OPR|Opera)\/(\d+)/],
  ["Samsung Internet", /\bSamsungBrowser\/(\d+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ["Safari", /\bVersion\/(\d+)(?:[.\d]*)? (?:Mobile\/\S+ )?Safari\//],
];

const systems: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ["iPadOS", /\biPad\b/],
  ["iOS", /\b(?:iPhone|iPod)\b/],
  ["Android", /\bAndroid\b/],
  ["ChromeOS", /\bCrOS\b/],
  ["Windows", /\bWindows\b/],
  ["macOS", /\bMac OS X\b|\bMacintosh\b/],
  ["Linux", /\bLinux\b/],
];

export function describeUserAgent(ua: string): DescribedAgent {
  const browser = browsers.find(([, p]) => p.test(ua));
  const system = systems.find(([, p]) => p.test(ua));
  return {
    browser: browser ? `${browser[0]} ${ua.match(browser[1])![1]}` : "Unknown browser",
    system: system ? system[0] : "unknown system",
  };
}
