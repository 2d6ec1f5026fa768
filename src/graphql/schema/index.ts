/** The schema: importing each concept's module registers its types and fields on the builder. */
import { builder } from '../builder.js';
import './account.js';
import './calculate.js';
import './solar-terms.js';

export const schema = builder.toSchema({ sortSchema: true });
