import type { FieldProblem } from './validation.ts';

/** The JSON body of every error answer. */
export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
  /**
   * Field problems, for invalid input: `field` is a dotted path such as `body.name` (for programs;
   * people read `message`, which names the field by its label), `problem` what was wrong as a rule.
   */
  errors?: FieldProblem[];
  /** The open suggestion that a refused one would repeat (409): vote or comment there instead. */
  suggestionId?: string;
}
