/** One problem found by a schema: where it is and what is wrong. */
export interface ValidationIssue {
  /** Path to the offending value, for example `['Packages', 0, 'Items']`; empty for the value itself. */
  path: (string | number)[];
  /** What is wrong, for people, for example `expected at least 1 items`. */
  message: string;
  /**
   * For programs: zod's issue code (`invalid_type`, `too_small`, `custom`…), or the SDK's own:
   * `near_miss` and `unknown_field` (a field no schema names), `not_finite` (NaN or Infinity, which JSON
   * sends as `null`), `list_to_json` (a list whose `toJSON()` gives other items), `not_json` (a value
   * JSON cannot write: a BigInt, a cycle, a getter that throws).
   */
  code?: string | undefined;
  /** For a near miss of a field the SDK knows (`Wieght`), that field (`Weight`). */
  suggestion?: string | undefined;
}
