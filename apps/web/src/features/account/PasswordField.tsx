import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { accountMessages as t } from '../../i18n/messages/account-messages.ts';

interface Props
  extends Omit<PasswordInputProps, 'autoComplete' | 'required' | 'visibilityToggleButtonProps'> {
  /** The password the account has (`current`) or one being chosen (`new`, which browsers may suggest). */
  kind: 'current' | 'new';
}

/** A required password input with its show/hide button named. */
export function PasswordField({ kind, ...props }: Props) {
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t.togglePassword }}
      autoComplete={`${kind}-password`}
      required
      {...props}
    />
  );
}
