/**
 * Everything the HTTP layer needs, built once by the composition root (main.ts) or a test, and handed
 * to handlers through this one typed object — no module-level singletons.
 */
import type { AccountQueries } from '../application/account-queries.js';
import { createAccountQueries } from '../application/account-queries.js';
import { createCalculateService, type CalculateService } from '../application/calculate.js';
import { domainChartEngine, type ChartResult } from '../application/chart-engine.js';
import { lazyChartEngine, type LazyChart } from '../application/lazy-chart-engine.js';
import type { CreditStore } from '../application/ports/credit-store.js';
import type { Config } from '../config.js';
import { silentLogger, type Logger } from '../logger.js';

export interface AppServices {
  readonly config: Config;
  readonly store: CreditStore;
  /** REST: the whole `result` object of the variant. */
  readonly charts: CalculateService<ChartResult>;
  /** GraphQL: the chart core; resolvers compute only the selected analysis sections. */
  readonly lazyCharts: CalculateService<LazyChart>;
  readonly accounts: AccountQueries;
  readonly logger: Logger;
}

export function createServices(config: Config, store: CreditStore, logger: Logger = silentLogger): AppServices {
  return {
    config,
    store,
    charts: createCalculateService({ engine: domainChartEngine, store, creditCost: config.creditCost }),
    lazyCharts: createCalculateService({ engine: lazyChartEngine, store, creditCost: config.creditCost }),
    accounts: createAccountQueries(store),
    logger,
  };
}
