/**
 * `npm run bench`: every measured figure with its baseline from the same run.
 * Figures are medians or averages on a shared, noisy 2-core machine: read the ratios.
 */
import { benchAnalysis } from './analysis.ts';
import { benchAttack } from './attack.ts';
import { benchCalendar } from './calendar.ts';
import { benchCluster } from './cluster.ts';
import { benchCredits } from './credits.ts';
import { benchGraphQL } from './graphql.ts';
import { benchHeavy } from './heavy.ts';
import { benchLedger } from './ledger.ts';
import { benchLuck, benchLuckHttp } from './luck.ts';
import { benchRest } from './rest.ts';
import { benchSections } from './sections.ts';

console.log(`# npm run bench — node ${process.version}, ${new Date().toISOString()}`);
benchCalendar();
benchAnalysis();
benchLuck();
benchSections();
await benchCredits();
await benchLedger();
await benchGraphQL();
await benchLuckHttp();
await benchRest();
await benchHeavy();
await benchCluster();
await benchAttack();
