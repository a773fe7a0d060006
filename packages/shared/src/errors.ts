/** The JSON body of every error answer. */
export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
  /** Field problems, for invalid input: `field` is a dotted path such as `body.name`. */
  errors?: { field: string; message: string }[];
  /** The open suggestion that a refused one would repeat (409): vote or comment there instead. */
  suggestionId?: string;
}
