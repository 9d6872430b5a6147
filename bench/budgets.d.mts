export interface Budget {
  name: string;
  pass: boolean;
  detail: string;
}
/** The budgets of the scenarios present in a bench result (bench/results/*.json). */
export declare function budgets(results: Record<string, unknown>): Budget[];
