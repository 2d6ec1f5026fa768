/**
 * `npm run bench`: every measured figure with its baseline from the same run.
 * Figures are medians or averages on a shared, noisy 2-core machine: read the ratios.
 */
import { benchAnalysis } from './analysis.js';
import { benchCalendar } from './calendar.js';
import { benchCredits } from './credits.js';
import { benchGraphQL } from './graphql.js';
import { benchRest } from './rest.js';

console.log(`# npm run bench — node ${process.version}, ${new Date().toISOString()}`);
benchCalendar();
benchAnalysis();
await benchCredits();
await benchGraphQL();
await benchRest();
