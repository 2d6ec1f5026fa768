/** The schema: importing each concept's module registers its types and fields on the builder. */
import { builder } from '../builder.ts';
import './account.ts';
import './calculate.ts';
import './certainty.ts';
import './chart-svg.ts';
import './compatibility.ts';
import './luck.ts';
import './solar-terms.ts';
import './special-stars.ts';

export const schema = builder.toSchema({ sortSchema: true });
