import { Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
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

/** Below this width a list's rows become cards: every value stays in view, none is cut off. */
const cardsMaxWidthPx = 640;

/**
 * The table of a list page, or `empty` when no row is left after the filters. On phones each row is
 * a card of labelled values (the labels are the column headers) instead of a table that scrolls
 * sideways and hides its last columns.
 */
export function ToolTable({
  headers,
  count,
  empty,
  minWidth,
  testId,
  children,
}: {
  headers: string[];
  count: number;
  empty: string;
  minWidth: number;
  testId: string;
  children: ReactNode;
}) {
  const cards = useMediaQuery(`(max-width: ${cardsMaxWidthPx}px)`, false, { getInitialValueInEffect: false });
  const table = useRef<HTMLTableElement>(null);
  // Each cell names its column, for the cards' labels; rows come and go with the filters.
  useLayoutEffect(() => {
    for (const row of table.current?.tBodies[0]?.rows ?? [])
      for (const [i, cell] of Array.from(row.cells).entries()) cell.dataset.label = headers[i] ?? '';
  });
  if (count === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={cards ? 0 : minWidth} className={classes.tableScroll}>
      <Table
        ref={table}
        striped={!cards}
        highlightOnHover={!cards}
        data-testid={testId}
        className={cards ? classes.cards : undefined}
      >
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
