import { Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';

/** The per-column substring filters of a list (§2.13), one labelled input per column, above it. */
export function ColumnFilters({
  columns,
  values,
  onChange,
}: {
  columns: { name: string; label: string }[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
}) {
  return (
    <Group gap="xs" wrap="wrap" role="search" aria-label={t.columnFilters}>
      {columns.map(({ name, label }) => (
        <TextInput
          key={name}
          aria-label={t.filterColumn(label)}
          placeholder={label}
          leftSection={<IconSearch size={12} />}
          value={values[name] ?? ''}
          onChange={(e) => onChange(name, e.currentTarget.value)}
          size="xs"
          w={150}
        />
      ))}
    </Group>
  );
}
