import { operationCoverage } from '../graphql/operation-coverage';
import { mergeResolvers } from '../graphql/schema';
import { BACKEND_MODULES } from '../modules/modules';

/**
 * `npm run magento:coverage`: how many of Magento 2.4.9's queries and mutations the backend serves
 * (ADR 036), and, apart, the shop's own operations the same schema answers.
 */
const { queries, mutations } = operationCoverage(mergeResolvers(BACKEND_MODULES.map((m) => m.resolvers)));
for (const [name, c] of [
  ['queries', queries],
  ['mutations', mutations],
] as const) {
  console.log(`${name}: ${c.served.length} served of ${c.declared.length} declared by Magento (${c.deprecated.length} of them deprecated there)`);
  console.log(`  deprecated, still served: ${c.deprecated.join(', ')}`);
  console.log(`  left out: ${c.missing.join(', ')}`);
  console.log(`  the shop's own, not counted above (${c.shopOwn.length}): ${c.shopOwn.join(', ')}`);
}
