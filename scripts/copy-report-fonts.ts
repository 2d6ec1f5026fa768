/**
 * `npm run fonts` (and on `npm ci` / `npm install`, as `prepare`): copies the six font files the
 * 鑑定書 draws with, and each family's licence, from the @expo-google-fonts dev dependencies into
 * `fonts/` (not in git), where the service reads them (src/adapters/pdf/report-fonts.ts). A copy
 * already there with the source's size is left alone. Without the packages (an install that omits
 * dev dependencies) it copies nothing and says whether the fonts are in place.
 */
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { REPORT_FONT_SOURCES, REPORT_FONTS_DIR, missingReportFonts, reportFontCopy } from '../src/adapters/pdf/report-fonts.ts';

const require = createRequire(import.meta.url);
const resolved = (path: string): string | undefined => {
  try {
    return require.resolve(`@expo-google-fonts/${path}`);
  } catch {
    return undefined;
  }
};

const sources = Object.values(REPORT_FONT_SOURCES).flat();
const families = [...new Set(sources.map((source) => source.slice(0, source.indexOf('/'))))];
const pairs = [
  ...sources.map((source) => ({ from: resolved(source), to: reportFontCopy(source) })),
  // The OFL asks that the licence go with the fonts.
  ...families.map((family) => ({
    from: ((main) => (main === undefined ? undefined : `${dirname(main)}/LICENSE_FONT`))(resolved(`${family}/package.json`)),
    to: `${REPORT_FONTS_DIR}${family}-LICENSE.txt`,
  })),
];
if (pairs.some((pair) => pair.from === undefined || !existsSync(pair.from))) {
  const missing = missingReportFonts();
  process.stdout.write(
    missing.length === 0
      ? 'report fonts: in place (fonts/); @expo-google-fonts not installed, nothing copied\n'
      : `report fonts: ${missing.length} missing from fonts/ and @expo-google-fonts is not installed (a dev dependency): install it and run \`npm run fonts\`\n`,
  );
} else {
  mkdirSync(REPORT_FONTS_DIR, { recursive: true });
  let copied = 0;
  let bytes = 0;
  for (const { from, to } of pairs as { from: string; to: string }[]) {
    const size = statSync(from).size;
    bytes += size;
    if (existsSync(to) && statSync(to).size === size) continue;
    copyFileSync(from, to);
    copied++;
  }
  process.stdout.write(
    `report fonts: ${pairs.length} files (${(bytes / 1e6).toFixed(1)} MB) in fonts/${copied === 0 ? ', already there' : `, ${copied} copied`}\n`,
  );
}
