/**
 * `npm run bench`: every measured figure with its baseline from the same run.
 * Figures are medians; the machine is shared and noisy, so read ratios, not absolute times.
 */
import { benchAnalysis } from './analysis.js';
import { benchCalendar } from './calendar.js';

console.log(`# npm run bench — node ${process.version}, ${new Date().toISOString()}`);
benchCalendar();
benchAnalysis();
