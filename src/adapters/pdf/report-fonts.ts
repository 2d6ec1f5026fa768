/**
 * The report's fonts: Noto Sans JP, SC and KR, regular and bold (SIL OFL 1.1), six files of the
 * @expo-google-fonts packages. Those packages hold every weight (~194 MB installed) and are a dev
 * dependency: `npm run fonts` (scripts/copy-report-fonts.ts, also run by `npm ci` and `npm install`)
 * copies just these six files and their licences (~43 MB) into `fonts/` (not in git), and the
 * service reads them from there only, so a deployment pruned of dev dependencies carries nothing else.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ReportScript } from '../../application/ports/report-renderer.ts';

/** Each script's regular and bold file, by its path under `node_modules/@expo-google-fonts/`. */
export const REPORT_FONT_SOURCES: Readonly<Record<ReportScript, readonly [string, string]>> = {
  jp: ['noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf', 'noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf'],
  sc: ['noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf', 'noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'],
  kr: ['noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf', 'noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf'],
};

/** Where the copies are read from: `fonts/` at the project's root. */
export const REPORT_FONTS_DIR = fileURLToPath(new URL('../../../fonts/', import.meta.url));

/** A source path's copy: its file name in REPORT_FONTS_DIR. */
export const reportFontCopy = (source: string): string => `${REPORT_FONTS_DIR}${source.slice(source.lastIndexOf('/') + 1)}`;

/** A script's regular and bold files; throws, naming the remedy, when they were not copied. */
export function reportFontFiles(script: ReportScript): string[] {
  const files = REPORT_FONT_SOURCES[script].map(reportFontCopy);
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length > 0) throw new Error(`the report's fonts are missing (${missing.join(', ')}): run \`npm run fonts\``);
  return files;
}

/** The report fonts not in place: none when every report can be drawn. */
export const missingReportFonts = (): string[] =>
  Object.values(REPORT_FONT_SOURCES)
    .flat()
    .map(reportFontCopy)
    .filter((file) => !existsSync(file));
