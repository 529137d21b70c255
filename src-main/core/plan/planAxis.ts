// An axis is one thing the batch varies: a sweep over one input, a table's rows over several, or uploaded
// files bound to one input. The planner only needs how many values it has and the values at a position, so
// a range of a million is two numbers and a rule, and the count can be checked before anything is built.
import type { ResolvedTarget } from './targets';
import type { JsonValue } from './workflowShape';

export interface PlanAxis {
  readonly kind: 'sweep' | 'table' | 'inputs';
  /** The axis as the user gave it (`3.seed=1..8`, a table's name, `10.image=3 assets`): errors, previews. */
  readonly source: string;
  /** The inputs it sets, in the order of the values `valuesAt` returns. */
  readonly targets: readonly ResolvedTarget[];
  readonly length: number;
  /** One value per target, for position `index` (0 ≤ index < length). */
  valuesAt(index: number): readonly JsonValue[];
}
