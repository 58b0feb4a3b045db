/** The three conditions every scenario runs under, in the order reports show them (docs/results.md). */
export const CONDITIONS = ['no_warrant', 'broad', 'task_scoped'] as const;
export type Condition = (typeof CONDITIONS)[number];
