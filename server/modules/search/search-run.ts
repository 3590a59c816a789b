/**
 * Runs a plan (search-plan.ts): each strategy in turn until one answers; the page and its count
 * of matches, or null when none does (the answer is then empty). At the plan's `'estimate'`
 * step the vocabulary and the estimate are read and the rest is planned with them.
 */
import { broad } from './search-broad';
import { equal, equalNewest } from './search-equal';
import { exact } from './search-exact';
import type { Step, Strategy } from './search-plan';
import { range } from './search-range';
import type { Found, PageRow, SearchRun, StrategyFn } from './search-strategy';
import { typo } from './search-typo';
import { walk } from './search-walk';

const STRATEGIES: Record<Strategy, StrategyFn> = {
  broad,
  range,
  walk,
  equal,
  equalNewest,
  exact,
  typo,
};

export async function runPlan<R extends PageRow>(
  run: SearchRun<R>,
  plan: (read: SearchRun<R>['read']) => Step[],
  readEstimate?: () => Promise<NonNullable<SearchRun<R>['read']>>,
): Promise<Found<R> | null> {
  let steps = plan(run.read);
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as Step;
    if (step === 'estimate') {
      if (!run.read) {
        if (!readEstimate) throw new Error('this plan reads the estimate');
        run.read = await readEstimate();
        // The same steps up to here (search-plan.ts), the rest chosen with the estimate.
        steps = plan(run.read);
      }
      continue;
    }
    const found = await STRATEGIES[step](run);
    if (found) return found;
  }
  return null;
}
