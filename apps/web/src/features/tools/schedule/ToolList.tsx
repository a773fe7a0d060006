import { Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './schedule.module.css';

/** A Schedule I list page: its title and lead, a row of filters, then what they select. */
export function ToolListLayout({
  title,
  lead,
  filters,
  children,
}: {
  title: string;
  lead: string;
  filters: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{lead}</Text>
        </Stack>
        <Group align="flex-end" gap="md" wrap="wrap">
          {filters}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}

/**
 * The table of a list page, scrolling sideways on narrow screens, or `empty` when no row is left
 * after the filters.
 */
export function ToolTable({
  headers,
  count,
  empty,
  minWidth,
  testId,
  children,
}: {
  headers: ReactNode[];
  count: number;
  empty: string;
  minWidth: number;
  testId: string;
  children: ReactNode;
}) {
  if (count === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={minWidth} className={classes.tableScroll}>
      <Table striped highlightOnHover data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the headers are fixed per table
              <Table.Th key={i}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
