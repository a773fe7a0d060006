import {
  Alert,
  Card,
  Container,
  Grid,
  Group,
  NumberInput,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { constants } from '@waypoint/shared/constants';
import {
  baseMaterials,
  craftableItems,
  craftingProblems,
  craftingTree,
  craftVersusBuy,
  resultQuantityOf,
  unitPriceOf,
} from '@waypoint/shared/domain/crafting';
import type { TItem } from '@waypoint/shared/models/types';
import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useGames } from '../../../api/queries.ts';
import { withMantine } from '../../../app/MantineShell.tsx';
import { usePageMeta } from '../../../components/usePageMeta.ts';
import { useSearchParamsPatch } from '../../../components/useSearchParamsPatch.ts';
import { toolMessages } from '../../../i18n/messages/tool-messages.ts';
import { useItems } from '../data.ts';
import { ItemIcon } from '../items/ItemCard.tsx';
import classes from '../tools.module.css';
import '../kit-styles.ts';
import { contentLang } from '../../../i18n/content.ts';
import { formatPrice, formatQuantity } from '../../../i18n/format.ts';
import { CraftBranch, CraftHeader, craftErrorText } from './CraftTree.tsx';

function ItemDetails({ item, items, currency }: { item: TItem; items: TItem[]; currency: string }) {
  const [quantity, setQuantity] = useState<number>(resultQuantityOf(item));
  const names = useMemo(() => new Map(items.map((i) => [i._id, i.itemName])), [items]);
  const tree = useMemo(() => craftingTree(item._id, items, { quantity }), [item._id, items, quantity]);
  const problems = craftingProblems(tree);
  const materials = baseMaterials(tree);
  const materialsTotal = materials.reduce((sum, m) => sum + m.totalPrice, 0);
  const componentsTotal = tree.kind === 'item' ? tree.componentsPrice : 0;
  const versus = craftVersusBuy(tree);

  return (
    <Stack gap="md" data-testid="craft-details">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ItemIcon item={item} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} fz="h3" lang={contentLang}>
            {item.itemName}
          </Title>
          <Text size="sm" c="dimmed">
            {toolMessages.craftYields(resultQuantityOf(item))} · {toolMessages.craftUnitPrice}:{' '}
            {formatPrice(unitPriceOf(item), currency)}
          </Text>
        </Stack>
        <NumberInput
          label={toolMessages.craftQuantity}
          value={quantity}
          min={1}
          max={100_000}
          allowDecimal={false}
          allowNegative={false}
          w={110}
          onChange={(v) => setQuantity(typeof v === 'number' && v >= 1 ? v : resultQuantityOf(item))}
          data-testid="craft-quantity"
        />
      </Group>
      {problems.length > 0 ? (
        <Alert color="red" variant="light" title={toolMessages.craftProblems} data-testid="craft-problems">
          <Stack gap={2}>
            {problems.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: problems are listed in tree order
              <Text key={i} size="sm">
                {craftErrorText(p, names)}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      <div>
        <CraftHeader />
        <ul className={classes.tree} data-testid="craft-tree">
          <CraftBranch node={tree} names={names} currency={currency} />
        </ul>
      </div>
      <Group gap="xl" data-testid="craft-totals">
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            {toolMessages.craftComponentsCost}
          </Text>
          <Text fw={700} data-testid="components-total">
            {formatPrice(componentsTotal, currency)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase">
            {toolMessages.craftRawMaterialsCost}
          </Text>
          <Text fw={700} data-testid="raw-total">
            {formatPrice(materialsTotal, currency)}
          </Text>
        </Stack>
        {versus ? (
          <Stack gap={0}>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              {toolMessages.craftVersusBuy}
            </Text>
            <Text fw={700} data-testid="craft-vs-buy">
              {versus.saving >= 0
                ? toolMessages.craftSaves(formatPrice(versus.saving, currency))
                : toolMessages.buyingSaves(formatPrice(-versus.saving, currency))}
            </Text>
          </Stack>
        ) : null}
      </Group>
      {materials.length > 0 ? (
        <Stack gap={4}>
          <Text fw={700} size="sm">
            {toolMessages.craftRawMaterials}
          </Text>
          {materials.map((m) => (
            <Group key={m.item._id} justify="space-between" gap="sm" data-testid="raw-material">
              <Text size="sm">
                {formatQuantity(m.quantity)} × <span lang={contentLang}>{m.item.itemName}</span>
              </Text>
              <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatPrice(m.totalPrice, currency)}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Crafting /crafting (SPEC §2.1, §5): craftable items with their nested components and prices. */
export function CraftingPage() {
  usePageMeta(toolMessages.craftingTitle);
  const [search, update] = useSearchParamsPatch();
  // /game/{gameId}/tools/crafting fixes the game; /crafting lets the player choose one.
  const { gameId: routeGameId } = useParams();
  const games = useGames();
  const gameOptions = (games.data ?? []).map((g) => ({ value: g._id, label: g.name }));
  const fallbackGame =
    (games.data ?? []).find((g) => (g.additionalFeatures ?? []).includes('tarkov-items-to-keep')) ??
    games.data?.[0];
  const gameId = routeGameId ?? search.get('gameId') ?? fallbackGame?._id ?? '';
  const currency = (games.data ?? []).find((g) => g._id === gameId)?.currency ?? '';
  const items = useItems(gameId || undefined);
  const [text, setText] = useState('');
  const small = useMediaQuery(`(max-width: ${constants.mobileMaxWidthPx}px)`);
  const details = useRef<HTMLDivElement>(null);
  const craftable = useMemo(() => craftableItems(items.data ?? [], text), [items.data, text]);
  const selectedId = search.get('item') ?? craftable[0]?._id;
  const selected = (items.data ?? []).find((i) => i._id === selectedId);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{toolMessages.craftingTitle}</Title>
          <Text c="dimmed">{toolMessages.craftingLead}</Text>
        </Stack>
        <div className={classes.controls}>
          {routeGameId ? null : (
            <Select
              label={toolMessages.craftGame}
              data={gameOptions}
              value={gameId || null}
              onChange={(v) => update({ gameId: v, item: null })}
              allowDeselect={false}
              w={240}
              data-testid="craft-game"
            />
          )}
          <TextInput
            className={classes.filter}
            label={toolMessages.craftSearch}
            placeholder={toolMessages.questFilterPlaceholder}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-testid="craft-filter"
          />
        </div>
        {items.isPending || games.isPending ? (
          <Skeleton height={360} />
        ) : craftable.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {text ? toolMessages.noItemsMatch : toolMessages.noCraftableItems}
          </Text>
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Card withBorder padding={0}>
                <ScrollArea.Autosize mah={small ? 260 : 560}>
                  <nav aria-label={toolMessages.craftItemList}>
                    {craftable.map((item) => (
                      <UnstyledButton
                        key={item._id}
                        className={classes.craftItem}
                        data-active={item._id === selected?._id}
                        aria-current={item._id === selected?._id ? 'true' : undefined}
                        onClick={() => {
                          update({ item: item._id });
                          if (small)
                            requestAnimationFrame(() => details.current?.scrollIntoView({ block: 'start' }));
                        }}
                        data-testid="craft-item"
                      >
                        <Text size="sm" fw={600} truncate lang={contentLang}>
                          {item.itemName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatPrice(unitPriceOf(item), currency)}
                        </Text>
                      </UnstyledButton>
                    ))}
                  </nav>
                </ScrollArea.Autosize>
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Card withBorder padding="md" ref={details} style={{ scrollMarginTop: 64 }}>
                {selected ? (
                  <ItemDetails
                    key={selected._id}
                    item={selected}
                    items={items.data ?? []}
                    currency={currency}
                  />
                ) : null}
              </Card>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Container>
  );
}

export const Component = withMantine(CraftingPage);
