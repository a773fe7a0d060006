import { Text, TextInput } from '@mantine/core';
import { reviewMessages as t } from '../../i18n/messages/review-messages.ts';

/**
 * A column title with its filter box (SPEC §2.12). Clicks and keys in the box stay in it: they
 * neither sort the column nor reach the table's keyboard shortcuts.
 */
export function ColumnFilter({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <TextInput
        size="xs"
        aria-label={t.filterColumn(label)}
        placeholder={t.filterColumn(label)}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.value)}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.stopPropagation()}
      />
    </div>
  );
}
