import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { HttpError } from '../../api/client.ts';
import { messages } from '../../i18n/messages/messages.ts';

type Schema = Parameters<typeof schemaResolver>[0];

/** A Mantine form validated by a shared zod schema: errors show beside the fields. */
export function useSchemaForm<V extends Record<string, unknown>>(schema: Schema, initialValues: V) {
  const resolve = schemaResolver(schema, { sync: true });
  return useForm<V>({
    mode: 'controlled',
    initialValues,
    // The schema checks that passwords match only once the rest is valid; say it right away too.
    validate: (values) => ({ ...resolve(values), ...passwordsMatch(values) }),
    validateInputOnBlur: true,
  });
}

function passwordsMatch(values: Record<string, unknown>): Record<string, string> {
  const password = values.newPassword ?? values.password;
  const confirm = values.confirmPassword;
  if (typeof confirm !== 'string' || typeof password !== 'string' || !confirm) return {};
  return confirm === password ? {} : { confirmPassword: messages.passwordsMustMatch };
}

/** Puts the server's field problems beside the fields; answers whether there were any. */
export function applyServerErrors<V>(form: UseFormReturnType<V>, error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  const fields = error.fieldErrors();
  const keys = Object.keys(fields).filter((k) => k in (form.getValues() as object));
  for (const key of keys) form.setFieldError(key, fields[key]);
  return keys.length > 0;
}

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.body?.message ? error.body.message : fallback;
}
