import type { ApiError } from '@waypoint/shared/errors';
import { problemText, readableProblem } from '@waypoint/shared/validation';
import { validationMessages } from '../i18n/messages/validation-messages.ts';

type FieldError = NonNullable<ApiError['errors']>[number];

/**
 * Refused input said in the interface's language: the field's label and the rule's wording. Loaded by
 * the API client with the first answer that refuses input, so no page's first load carries it.
 */
export const readable = (error: FieldError) => readableProblem(error, validationMessages);
export const text = (problem: NonNullable<FieldError['problem']>) => problemText(problem, validationMessages);
