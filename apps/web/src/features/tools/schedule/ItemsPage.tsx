import { NativeSelect, Table, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { RANKS, rankValue } from '@waypoint/shared/domain/schedule-tools';
import type { MixingContent } from '@waypoint/shared/schedule-one/api';
import { useMemo } from 'react';
import { withMantine } from '../../../app/MantineShell.tsx';
import { useSearchParamsPatch } from '../../../components/useSearchParamsPatch.ts';
import { toolLabels } from '../../../i18n/messages/messages.ts';
import { mixingMessages as t } from '../../../i18n/messages/mixing-messages.ts';
import { useItems } from '../data.ts';
import '../kit-styles.ts';
import { contentLang } from '../../../i18n/content.ts';
import { useEffectColours } from './data.ts';
import { EffectChips } from './EffectChip.tsx';
import { ScheduleToolPage } from './ScheduleToolPage.tsx';
import { ToolListLayout, ToolTable } from './ToolList.tsx';

type Category = 'ingredient' | 'product' | 'equipment';
const categoryLabel = {
  ingredient: t.categoryIngredient,
  product: t.categoryProduct,
  equipment: t.categoryEquipment,
} as const;

interface Row {
  id: string;
  name: string;
  category: Category;
  price: number;
  rank: string;
  effects: string[];
}

function Items({ content, gameId }: { content: MixingContent; gameId: string }) {
  const items = useItems(gameId);
  // Equipment is what admins add as the game's items.
  const equipment: Row[] = useMemo(
    () =>
      (items.data ?? []).map((i) => ({
        id: i._id,
        name: i.itemName,
        category: 'equipment' as const,
        price: i.pricePerUnit,
        rank: '',
        effects: [],
      })),
    [items.data],
  );
  const [params, patch] = useSearchParamsPatch();
  const colours = useEffectColours(content);
  const text = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const rank = params.get('rank') ?? '';
  const sort = params.get('sort') ?? 'price-asc';
  const set = (key: string, value: string) => patch({ [key]: value });
  const all: Row[] = useMemo(
    () => [
      ...content.ingredients.map((i) => ({
        id: i._id,
        name: i.name,
        category: 'ingredient' as const,
        price: i.price,
        rank: i.unlockRank,
        effects: [i.baseEffect],
      })),
      ...content.products.map((p) => ({
        id: p._id,
        name: p.name,
        category: 'product' as const,
        price: p.basePrice,
        rank: p.unlockRank,
        effects: p.baseEffects,
      })),
      ...equipment,
    ],
    [content, equipment],
  );
  const ranks = RANKS.filter((r) => all.some((row) => row.rank === r));
  const needle = text.trim().toLowerCase();
  const rows = all
    .filter((r) => !category || r.category === category)
    .filter((r) => !rank || rankValue(r.rank) <= rankValue(rank))
    .filter(
      (r) =>
        !needle ||
        r.name.toLowerCase().includes(needle) ||
        r.effects.some((e) => e.toLowerCase().includes(needle)),
    )
    .sort((a, b) =>
      sort === 'name'
        ? a.name.localeCompare(b.name)
        : (sort === 'price-desc' ? b.price - a.price : a.price - b.price) || a.name.localeCompare(b.name),
    );

  return (
    <ToolListLayout
      title={toolLabels.schedule_I_items}
      lead={t.itemsLead}
      filters={
        <>
          <TextInput
            label={t.searchItems}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={text}
            onChange={(e) => set('q', e.currentTarget.value)}
            w={220}
          />
          <NativeSelect
            label={t.category}
            value={category}
            onChange={(e) => set('category', e.currentTarget.value)}
            data={[
              { value: '', label: t.allCategories },
              ...(Object.keys(categoryLabel) as Category[]).map((c) => ({
                value: c,
                label: categoryLabel[c],
              })),
            ]}
          />
          <NativeSelect
            label={t.rankLimit}
            value={rank}
            onChange={(e) => set('rank', e.currentTarget.value)}
            data={[{ value: '', label: t.anyRank }, ...ranks]}
          />
          <NativeSelect
            label={t.sortBy}
            value={sort}
            onChange={(e) => set('sort', e.currentTarget.value)}
            data={[
              { value: 'price-asc', label: t.sortPriceAsc },
              { value: 'price-desc', label: t.sortPriceDesc },
              { value: 'name', label: t.sortName },
            ]}
          />
        </>
      }
    >
      <ToolTable
        count={rows.length}
        empty={t.noItems}
        minWidth={640}
        testId="item-table"
        headers={[t.name, t.category, t.itemPrice, t.rank, t.effect]}
      >
        {rows.map((r) => (
          <Table.Tr key={`${r.category}:${r.id}`} data-testid="item-row">
            <Table.Td fw={600} lang={contentLang}>
              {r.name}
            </Table.Td>
            <Table.Td>{categoryLabel[r.category]}</Table.Td>
            <Table.Td>{t.price(r.price)}</Table.Td>
            <Table.Td lang={contentLang}>{r.rank || '–'}</Table.Td>
            <Table.Td>
              <EffectChips effects={r.effects} colours={colours} size="sm" />
            </Table.Td>
          </Table.Tr>
        ))}
      </ToolTable>
    </ToolListLayout>
  );
}

/** Items /game/{gameId}/tools/schedule_I_items. */
export function ScheduleItemsPage() {
  return (
    <ScheduleToolPage feature="schedule_I_items" rules={false}>
      {({ game, content }) => <Items content={content} gameId={game._id} />}
    </ScheduleToolPage>
  );
}

export const Component = withMantine(ScheduleItemsPage);
