import { ActionIcon, Badge, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import {
  type Counter,
  canDecrease,
  canIncrease,
  isRequirementDone,
  type KeepMode,
  type KeepRow,
  keepRequirements,
  type TotalsOptions,
} from '@waypoint/shared/domain/items';
import type { THideoutModule, TItem, TQuest } from '@waypoint/shared/models/types';
import { contentLang } from '../../../i18n/content.ts';
import { toolMessages } from '../../../i18n/messages/tool-messages.ts';
import classes from '../tools.module.css';
import { ItemIcon, RequirementLabel } from './ItemCard.tsx';

/** A counter in a table cell: − count +, the count teal once the need is met. */
function Stepper({
  label,
  counter,
  disabled,
  onChange,
  testId,
}: {
  label: string;
  counter: Counter;
  disabled: boolean;
  onChange: (delta: 1 | -1) => void;
  testId: string;
}) {
  const done = counter.owned >= counter.required;
  return (
    <div className={classes.stepper} data-testid={testId}>
      <ActionIcon
        variant="default"
        size="md"
        aria-label={toolMessages.removeOne(label)}
        disabled={disabled || !canDecrease(counter)}
        onClick={() => onChange(-1)}
      >
        <IconMinus size={14} />
      </ActionIcon>
      <Text component="span" fw={700} size="sm" c={done ? 'teal' : undefined} data-testid="count">
        {counter.owned}
      </Text>
      <ActionIcon
        variant="default"
        size="md"
        aria-label={toolMessages.addOne(label)}
        disabled={disabled || !canIncrease(counter)}
        onClick={() => onChange(1)}
      >
        <IconPlus size={14} />
      </ActionIcon>
    </div>
  );
}

/**
 * The compact view of Items To Keep: one row per item with what it needs, what the player has (with
 * the same +/- limits as the cards) and what it is for. Its columns share the width of the page, so
 * a phone shows many items without scrolling sideways.
 */
export function ItemTable({
  rows,
  mode,
  loggedIn,
  doneOptions,
  quests,
  modules,
  onCount,
}: {
  rows: readonly KeepRow<TItem>[];
  mode: KeepMode;
  loggedIn: boolean;
  doneOptions: TotalsOptions;
  quests: ReadonlyMap<string, TQuest>;
  modules: ReadonlyMap<string, THideoutModule>;
  onCount: (row: KeepRow<TItem>, findOnly: boolean, delta: 1 | -1, counter: Counter) => void;
}) {
  const c = toolMessages.keepColumns;
  const forList = (item: TItem) => (
    <ul className={classes.forList}>
      {keepRequirements(item, mode).map((r, i) => {
        const done = isRequirementDone(r, doneOptions);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the requirement list has no ids and never reorders
          <li key={i} data-done={done}>
            <RequirementLabel
              requirement={r}
              gameId={item.gameId}
              done={done}
              quests={quests}
              modules={modules}
              compact
            />
          </li>
        );
      })}
    </ul>
  );
  return (
    <Table className={classes.keepTable} verticalSpacing={6} horizontalSpacing={6} data-testid="keep-table">
      <VisuallyHidden component="caption">{toolMessages.keepTableCaption}</VisuallyHidden>
      <colgroup>
        <col className={classes.colItem} />
        <col className={classes.colNeeded} />
        <col className={classes.colHave} />
        <col className={classes.forCol} />
      </colgroup>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{c.item}</Table.Th>
          <Table.Th scope="col" ta="center">
            {c.needed}
          </Table.Th>
          <Table.Th scope="col" ta="center">
            {c.have}
          </Table.Th>
          <Table.Th scope="col" className={classes.forCol}>
            {c.forWhat}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const { item } = row;
          const showNormal = row.normal.required > 0 || row.inRaid.required === 0;
          const showInRaid = row.inRaid.required > 0;
          return (
            <Table.Tr
              key={item._id}
              data-testid="keep-row"
              data-item-id={item._id}
              data-complete={row.complete}
              className={row.complete ? classes.rowCompleted : undefined}
            >
              <Table.Th scope="row" className={classes.itemCell}>
                <span className={classes.itemCellInner}>
                  <span className={classes.smallIcon}>
                    <ItemIcon item={item} />
                  </span>
                  <span lang={contentLang}>{item.itemName}</span>
                </span>
                {/* Phones: what it is for goes under the name, and its column is left out. */}
                <div className={classes.forInline}>{forList(item)}</div>
              </Table.Th>
              <Table.Td className={classes.numCell}>
                {showNormal ? (
                  <div className={classes.cellLine} data-testid="needed-normal">
                    {row.normal.required}
                  </div>
                ) : null}
                {showInRaid ? (
                  <div className={classes.cellLine} data-testid="needed-in-raid">
                    {row.inRaid.required}
                    <Badge size="xs" color="orange" variant="light" className={classes.inRaidTag}>
                      {toolMessages.inRaid}
                    </Badge>
                  </div>
                ) : null}
              </Table.Td>
              <Table.Td className={classes.haveCell}>
                {showNormal ? (
                  <Stepper
                    label={toolMessages.owned}
                    counter={row.normal}
                    disabled={!loggedIn}
                    onChange={(delta) => onCount(row, false, delta, row.normal)}
                    testId="counter-normal"
                  />
                ) : null}
                {showInRaid ? (
                  <Stepper
                    label={toolMessages.inRaid}
                    counter={row.inRaid}
                    disabled={!loggedIn}
                    onChange={(delta) => onCount(row, true, delta, row.inRaid)}
                    testId="counter-in-raid"
                  />
                ) : null}
              </Table.Td>
              <Table.Td className={classes.forCol}>{forList(item)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
