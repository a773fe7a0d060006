import { Anchor, MultiSelect, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { type MixingData, mix } from '@waypoint/shared/domain/mixing';
import { calculatorQuery, filterRecipes, type RecipeSort } from '@waypoint/shared/domain/schedule-tools';
import type { MixingContent } from '@waypoint/shared/schedule-one/api';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { withMantine } from '../../../app/MantineShell.tsx';
import { useSearchParamsPatch } from '../../../components/useSearchParamsPatch.ts';
import { toolLabels } from '../../../i18n/messages/messages.ts';
import { mixingMessages as t } from '../../../i18n/messages/mixing-messages.ts';
import '../kit-styles.ts';
import './styles.ts';
import { contentLang } from '../../../i18n/content.ts';
import { useEffectColours } from './data.ts';
import { EffectChips } from './EffectChip.tsx';
import { ScheduleToolPage } from './ScheduleToolPage.tsx';
import { ToolListLayout, ToolTable } from './ToolList.tsx';

const sorts: RecipeSort[] = ['profit', 'price', 'cost', 'length'];
const sortLabel = {
  profit: t.sortProfit,
  price: t.sortPrice,
  cost: t.sortCost,
  length: t.sortLength,
} as const;

function Recipes({ content, data, gameId }: { content: MixingContent; data: MixingData; gameId: string }) {
  const [params, patch] = useSearchParamsPatch();
  const colours = useEffectColours(content);
  const sort = (sorts as string[]).includes(params.get('sort') ?? '')
    ? (params.get('sort') as RecipeSort)
    : 'profit';
  const productId = params.get('product') ?? '';
  const effects = (params.get('effects') ?? '').split(',').filter(Boolean);
  const set = (key: string, value: string) => patch({ [key]: value });
  const all = useMemo(
    () =>
      content.recipes.flatMap((r) => {
        const product = data.products.find((p) => p.id === r.productId);
        const steps = r.ingredients.map((id) => data.ingredients.findIndex((i) => i.id === id));
        if (!product || steps.some((i) => i < 0)) return [];
        const m = mix(data, product, steps);
        return [
          {
            id: r._id,
            name: r.name,
            author: r.authorName,
            product,
            steps,
            productId: product.id,
            effects: m.effects,
            price: m.price,
            cost: m.cost,
            profit: m.profit,
            length: steps.length,
          },
        ];
      }),
    [content, data],
  );
  const rows = filterRecipes(all, { productId, effects, sort });
  const calculator = `/game/${encodeURIComponent(gameId)}/tools/schedule_I_mixing_calculator`;
  const customers = `/game/${encodeURIComponent(gameId)}/tools/schedule_I_customers`;

  return (
    <ToolListLayout
      title={toolLabels.schedule_I_recipe_list}
      lead={t.recipeListLead}
      filters={
        <>
          <NativeSelect
            label={t.product}
            value={productId}
            onChange={(e) => set('product', e.currentTarget.value)}
            data={[
              { value: '', label: t.allProducts },
              ...data.products.map((p) => ({ value: p.id, label: p.name })),
            ]}
          />
          <MultiSelect
            label={t.filterByEffects}
            data={content.effects.map((e) => e.name)}
            value={effects}
            onChange={(v) => set('effects', v.join(','))}
            searchable
            clearable
            miw={240}
          />
          <NativeSelect
            label={t.sortBy}
            value={sort}
            onChange={(e) => set('sort', e.currentTarget.value)}
            data={sorts.map((s) => ({ value: s, label: sortLabel[s] }))}
            data-testid="recipe-sort"
          />
        </>
      }
    >
      <ToolTable
        count={rows.length}
        empty={t.noRecipesMatch}
        minWidth={760}
        testId="recipe-table"
        headers={[t.recipe, t.effects, t.sellPrice, t.cost, t.profit, t.sortLength, '']}
      >
        {rows.map((r) => (
          <Table.Tr key={r.id} data-testid="recipe-row">
            <Table.Td>
              <Text fw={600} lang={contentLang}>
                {r.name}
              </Text>
              <Text size="xs" c="dimmed">
                <span lang={contentLang}>
                  {r.product.name}: {r.steps.map((i) => data.ingredients[i]!.name).join(' → ')}
                </span>
                {r.author ? (
                  <>
                    {' · '}
                    {t.author} <span lang={contentLang}>{r.author}</span>
                  </>
                ) : null}
              </Text>
            </Table.Td>
            <Table.Td>
              <EffectChips effects={r.effects} colours={colours} size="sm" />
            </Table.Td>
            <Table.Td>{t.price(r.price)}</Table.Td>
            <Table.Td>{t.price(r.cost)}</Table.Td>
            <Table.Td data-testid="recipe-profit">{t.price(r.profit)}</Table.Td>
            <Table.Td>{r.length}</Table.Td>
            <Table.Td>
              <Stack gap={2}>
                <Anchor
                  component={Link}
                  to={`${calculator}?${calculatorQuery(data, r.product, r.steps)}`}
                  size="sm"
                >
                  {t.openInCalculator}
                </Anchor>
                <Anchor component={Link} to={`${customers}?recipe=${encodeURIComponent(r.id)}`} size="sm">
                  {t.whoLikesIt}
                </Anchor>
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </ToolTable>
    </ToolListLayout>
  );
}

/** Recipe list /game/{gameId}/tools/schedule_I_recipe_list. */
export function RecipeListPage() {
  return (
    <ScheduleToolPage feature="schedule_I_recipe_list">
      {({ game, content, mixing }) => mixing && <Recipes content={content} data={mixing} gameId={game._id} />}
    </ScheduleToolPage>
  );
}

export const Component = withMantine(RecipeListPage);
