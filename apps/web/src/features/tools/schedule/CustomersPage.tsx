import { Anchor, Group, MultiSelect, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { MixingData } from '@waypoint/shared/domain/mixing';
import { mix } from '@waypoint/shared/domain/mixing';
import { customersForMix } from '@waypoint/shared/domain/schedule-tools';
import { mapViewParams } from '@waypoint/shared/map/view-url';
import type { TCustomer } from '@waypoint/shared/models/types';
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

/** The effects of a known recipe, for matching customers. */
function recipeEffects(data: MixingData, content: MixingContent, recipeId: string) {
  const recipe = content.recipes.find((r) => r._id === recipeId);
  const product = recipe && data.products.find((p) => p.id === recipe.productId);
  if (!recipe || !product) return null;
  const steps = recipe.ingredients.map((id) => data.ingredients.findIndex((i) => i.id === id));
  if (steps.some((i) => i < 0)) return null;
  return {
    effects: mix(data, product, steps).effects,
    type: String((product as { type?: string }).type ?? ''),
  };
}

function Customers({ content, data, gameId }: { content: MixingContent; data: MixingData; gameId: string }) {
  const [params, patch] = useSearchParamsPatch();
  const colours = useEffectColours(content);
  const text = params.get('q') ?? '';
  const region = params.get('region') ?? '';
  const effects = (params.get('effects') ?? '').split(',').filter(Boolean);
  const recipeId = params.get('recipe') ?? '';
  const set = (key: string, value: string) => patch({ [key]: value });
  const regions = useMemo(() => [...new Set(content.customers.map((c) => c.region))].sort(), [content]);
  const markers = useMemo(() => new Map(content.customerMarkers.map((m) => [m.name, m])), [content]);
  const forRecipe = recipeId ? recipeEffects(data, content, recipeId) : null;

  const rows = useMemo(() => {
    const needle = text.trim().toLowerCase();
    const want = effects.map((e) => e.toLowerCase());
    let list: { customer: TCustomer; matched: string[] }[] = content.customers
      .filter((c) => !region || c.region === region)
      .filter((c) => !needle || c.name.toLowerCase().includes(needle))
      .filter((c) => want.every((e) => c.favouriteEffects.some((f) => f.toLowerCase() === e)))
      .map((customer) => ({ customer, matched: [] }));
    if (forRecipe)
      list = customersForMix(
        list.map((r) => r.customer),
        forRecipe.effects,
        forRecipe.type,
      );
    return list;
  }, [content, text, region, effects, forRecipe]);

  return (
    <ToolListLayout
      title={toolLabels.schedule_I_customers}
      lead={t.customersLead}
      filters={
        <>
          <TextInput
            label={t.searchCustomers}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={text}
            onChange={(e) => set('q', e.currentTarget.value)}
            w={220}
          />
          <NativeSelect
            label={t.region}
            value={region}
            onChange={(e) => set('region', e.currentTarget.value)}
            data={[{ value: '', label: t.allRegions }, ...regions]}
            data-testid="customer-region"
          />
          <MultiSelect
            label={t.favouriteEffects}
            data={content.effects.map((e) => e.name)}
            value={effects}
            onChange={(v) => set('effects', v.join(','))}
            searchable
            clearable
            miw={240}
          />
          <NativeSelect
            label={t.likesRecipe}
            value={recipeId}
            onChange={(e) => set('recipe', e.currentTarget.value)}
            data={[
              { value: '', label: t.noRecipe },
              ...content.recipes.map((r) => ({ value: r._id, label: r.name })),
            ]}
            data-testid="customer-recipe"
          />
        </>
      }
    >
      {forRecipe ? (
        <Group gap="xs">
          <Text size="sm">{t.effects}:</Text>
          <EffectChips effects={forRecipe.effects} colours={colours} size="sm" />
        </Group>
      ) : null}
      <ToolTable
        count={rows.length}
        empty={t.noCustomersMatch}
        minWidth={720}
        testId="customer-table"
        headers={[t.name, t.region, t.standards, t.favouriteEffects, t.spending, t.onMap]}
      >
        {rows.map(({ customer: c, matched }) => {
          const marker = markers.get(c.name);
          return (
            <Table.Tr key={c._id} data-testid="customer-row">
              <Table.Td>
                <Text fw={600} lang={contentLang}>
                  {c.name}
                </Text>
                {forRecipe ? (
                  <Text size="xs" c="dimmed">
                    {t.matches(matched.length)}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td lang={contentLang}>{c.region}</Table.Td>
              <Table.Td lang={contentLang}>{c.standards}</Table.Td>
              <Table.Td>
                <EffectChips effects={c.favouriteEffects} colours={colours} size="sm" />
              </Table.Td>
              <Table.Td>
                {t.price(c.weeklySpend.min)}–{t.price(c.weeklySpend.max)}
              </Table.Td>
              <Table.Td>
                {marker ? (
                  <Anchor
                    component={Link}
                    to={`/game/${encodeURIComponent(gameId)}/maps/${encodeURIComponent(marker.mapId)}?${mapViewParams.marker}=${encodeURIComponent(marker.markerId)}`}
                    aria-label={t.showOnMap(c.name)}
                  >
                    {t.onMap}
                  </Anchor>
                ) : (
                  '–'
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ToolTable>
    </ToolListLayout>
  );
}

/** Customers /game/{gameId}/tools/schedule_I_customers. */
export function CustomersPage() {
  return (
    <ScheduleToolPage feature="schedule_I_customers">
      {({ game, content, mixing }) =>
        mixing && <Customers content={content} data={mixing} gameId={game._id} />
      }
    </ScheduleToolPage>
  );
}

export const Component = withMantine(CustomersPage);
