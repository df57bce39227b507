/**
 * Prices from Pydantic's genai-prices table, bundled with the app: never fetched at run time
 * (the package only goes online through `updatePrices`, which is never called), so a cost is
 * the same offline and tomorrow. A model the table does not know has no price (null), never 0.
 */
import type { calcPrice as CalcPrice } from '@pydantic/genai-prices';
import { createRequire } from 'node:module';
import type { Usage } from '../../../shared/record';
import type { PriceTable } from '../../../shared/usage';

/** Pinned in package.json; a test checks this against the installed package. */
export const PRICE_TABLE: PriceTable = { name: '@pydantic/genai-prices', version: '0.1.8' };

const unknownModels = new Set<string>();

let loaded: typeof CalcPrice | undefined;

/**
 * The table (~0.8 MB of code, its CommonJS build) is loaded at the first price asked: every
 * `dejavu` command started ~70 ms slower for it. A table that fails to load throws: not "no price".
 */
function priceTable(): typeof CalcPrice {
  loaded ??= (createRequire(import.meta.url)('@pydantic/genai-prices') as { calcPrice: typeof CalcPrice }).calcPrice;
  return loaded;
}

/**
 * US dollars for `usage` of `model` at time `at` (the price then in force), or null when the
 * table has no price for the model. The record keeps input without its cached parts; the table
 * wants the whole prompt with the cached parts named.
 */
export function priceOf(model: string | undefined, usage: Usage, at?: string): number | null {
  if (!model || unknownModels.has(model)) return null;
  const cacheRead = usage.cacheReadTokens ?? 0;
  const cacheWrite = usage.cacheWriteTokens ?? 0;
  const time = at ? new Date(at) : undefined;
  const calcPrice = priceTable();
  let result: ReturnType<typeof CalcPrice>;
  try {
    result = calcPrice(
      { input_tokens: (usage.inputTokens ?? 0) + cacheRead + cacheWrite, cache_read_tokens: cacheRead, cache_write_tokens: cacheWrite, output_tokens: usage.outputTokens ?? 0 },
      model,
      time && Number.isFinite(time.getTime()) ? { timestamp: time } : {},
    );
  } catch {
    result = null; // A usage shape the table's model cannot price is no price, not a crash.
  }
  if (!result) {
    unknownModels.add(model);
    return null;
  }
  return result.total_price;
}
