import { Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { CraftErrorNode, CraftNode } from '@waypoint/shared/domain/crafting';
import type { TItem } from '@waypoint/shared/models/types';
import { contentLang } from '../../../i18n/content.ts';
import { formatPrice, formatQuantity } from '../../../i18n/format.ts';
import { toolMessages } from '../../../i18n/messages/tool-messages.ts';
import classes from '../tools.module.css';

export function craftErrorText(node: CraftErrorNode, names: ReadonlyMap<string, string>): string {
  const name = (id: string) => names.get(id) ?? id;
  if (node.reason === 'cycle') return toolMessages.craftCycle(node.path.map(name).join(' → '));
  if (node.reason === 'missing') return toolMessages.craftMissing(node.itemId);
  return toolMessages.craftTooDeep;
}

/** Column titles of the tree. */
export function CraftHeader() {
  return (
    <div className={`${classes.treeRow} ${classes.treeHeader}`} aria-hidden="true">
      <span>{toolMessages.craftComponent}</span>
      <span className={classes.num}>{toolMessages.craftQuantity}</span>
      <span className={`${classes.num} ${classes.unitCol}`}>{toolMessages.craftUnitPrice}</span>
      <span className={classes.num}>{toolMessages.craftTotalPrice}</span>
    </div>
  );
}

/** One item of the tree with its components below it, at any depth. */
export function CraftBranch({
  node,
  names,
  currency = '',
}: {
  node: CraftNode<TItem>;
  names: ReadonlyMap<string, string>;
  /** The game's currency, shown with every price. */
  currency?: string;
}) {
  if (node.kind === 'error') {
    return (
      <li data-testid="craft-error" data-reason={node.reason}>
        <div className={`${classes.treeRow} ${classes.errorNode}`}>
          <Text size="sm" c="red" component="span">
            <IconAlertTriangle size={14} aria-hidden="true" style={{ verticalAlign: -2, marginRight: 4 }} />
            {craftErrorText(node, names)}
          </Text>
          <span className={classes.num}>{formatQuantity(node.quantity)}</span>
          <span className={`${classes.num} ${classes.unitCol}`} />
          <span className={classes.num} />
        </div>
      </li>
    );
  }
  return (
    <li>
      <div
        className={classes.treeRow}
        data-testid="craft-row"
        data-item-id={node.itemId}
        data-depth={node.depth}
        lang={contentLang}
        title={`${node.item.itemName}: ${formatQuantity(node.quantity)} × ${formatPrice(node.unitPrice, currency)}`}
      >
        <Text size="sm" fw={node.depth === 0 ? 700 : 500} truncate>
          <span lang={contentLang}>{node.item.itemName}</span>
          {node.resultQuantity > 1 && node.children.length > 0 ? (
            <Text span size="xs" c="dimmed">
              {' '}
              {toolMessages.craftYields(node.resultQuantity)}
            </Text>
          ) : null}
        </Text>
        <span className={classes.num} data-testid="qty">
          {formatQuantity(node.quantity)}
        </span>
        <span className={`${classes.num} ${classes.unitCol}`} data-testid="unit">
          {formatPrice(node.unitPrice, currency)}
        </span>
        <span className={classes.num} data-testid="total">
          {formatPrice(node.totalPrice, currency)}
        </span>
      </div>
      {node.children.length > 0 ? (
        <ul>
          {node.children.map((child, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a recipe may list the same component twice
            <CraftBranch key={`${child.itemId}-${i}`} node={child} names={names} currency={currency} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
