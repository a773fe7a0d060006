import {
  Button,
  Card,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlayerStop, IconSearch, IconWand } from '@tabler/icons-react';
import {
  effectsOf,
  type FoundMix,
  type MixingData,
  type MixObjective,
  type MixProduct,
} from '@waypoint/shared/domain/mixing';
import { ingredientsAboveRank, RANKS } from '@waypoint/shared/domain/schedule-tools';
import type { MixingContent } from '@waypoint/shared/schedule-one/api';
import { useEffect, useMemo, useRef, useState } from 'react';
import { contentLang } from '../../../i18n/content.ts';
import { mixingMessages as t } from '../../../i18n/messages/mixing-messages.ts';
import { EffectChips } from './EffectChip.tsx';
import classes from './schedule.module.css';
import { useSearchWorker } from './useSearchWorker.ts';

function FoundRow({
  found,
  data,
  colours,
  onUse,
  testId,
}: {
  found: FoundMix;
  data: MixingData;
  colours: Map<string, string>;
  onUse: (ingredients: number[]) => void;
  testId: string;
}) {
  return (
    <div className={classes.result} data-testid={testId}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{found.ingredients.map((i) => data.ingredients[i]!.name).join(' → ') || '–'}</Text>
          <Button size="xs" variant="light" onClick={() => onUse(found.ingredients)}>
            {t.useMix}
          </Button>
        </Group>
        <EffectChips effects={effectsOf(data, found.mask)} colours={colours} size="sm" />
        <Text size="sm">
          {t.sellPrice} <b data-testid="found-price">{t.price(found.price)}</b> · {t.cost}{' '}
          {t.price(found.cost)} · {t.profit} <b data-testid="found-profit">{t.price(found.profit)}</b>
        </Text>
      </Stack>
    </div>
  );
}

/**
 * The best-mix finder (the proven optimum within N ingredients, with constraints and runners-up) and
 * the reverse search, both in a Web Worker with a progress bar and a cancel button.
 */
export function BestMixPanel({
  content,
  data,
  product,
  colours,
  autoRun,
  onUse,
}: {
  content: MixingContent;
  data: MixingData;
  product: MixProduct;
  colours: Map<string, string>;
  autoRun: { objective: MixObjective; max: number } | null;
  onUse: (ingredients: number[]) => void;
}) {
  const [objective, setObjective] = useState<MixObjective>(autoRun?.objective ?? 'profit');
  const [max, setMax] = useState<number>(autoRun?.max ?? 4);
  const [required, setRequired] = useState<string[]>([]);
  const [forbidden, setForbidden] = useState<string[]>([]);
  const [excluded, setExcluded] = useState<string[]>([]);
  const [rank, setRank] = useState('');
  const [target, setTarget] = useState<string[]>([]);
  const search = useSearchWorker();

  const effectNames = useMemo(() => data.ordered.map((e) => e.name), [data]);
  const excludedIndexes = () => {
    const set = new Set(excluded.map((id) => data.ingredients.findIndex((i) => i.id === id)));
    if (rank) for (const i of ingredientsAboveRank(data, rank)) set.add(i);
    set.delete(-1);
    return [...set];
  };
  const runBest = (goal = objective, depth = max) =>
    search.run({
      kind: 'best',
      content,
      productId: product.id,
      options: {
        objective: goal,
        maxIngredients: depth,
        required,
        forbidden,
        excluded: excludedIndexes(),
        runnersUp: 5,
      },
    });

  // A link with ?optimize= opens the finder and runs it (once per such link, back/forward included).
  const lastRun = useRef('');
  const signature = autoRun ? `${product.id}|${autoRun.objective}|${autoRun.max}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the link's finder options change
  useEffect(() => {
    if (!autoRun || lastRun.current === signature) return;
    lastRun.current = signature;
    setObjective(autoRun.objective);
    setMax(autoRun.max);
    runBest(autoRun.objective, autoRun.max);
    document.getElementById('best-mix')?.scrollIntoView({ block: 'start' });
  }, [signature]);

  const answer = search.answer;
  const ranksInData = useMemo(() => {
    const used = new Set(data.ingredients.map((i) => i.unlockRank ?? ''));
    return RANKS.filter((r) => used.has(r));
  }, [data]);

  return (
    <Card withBorder padding="md" id="best-mix" data-testid="best-mix">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {t.bestMix}: <span lang={contentLang}>{product.name}</span>
          </Title>
          <Text size="sm" c="dimmed">
            {t.bestMixLead}
          </Text>
        </Stack>
        <Group align="flex-end" gap="md" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="objective-label">
              {t.objective}
            </Text>
            <SegmentedControl
              aria-labelledby="objective-label"
              value={objective}
              onChange={(v) => setObjective(v as MixObjective)}
              data={[
                { value: 'profit', label: t.objectiveProfit },
                { value: 'price', label: t.objectivePrice },
              ]}
            />
          </Stack>
          <NumberInput
            label={t.maxIngredients}
            min={1}
            max={8}
            clampBehavior="strict"
            allowDecimal={false}
            value={max}
            onChange={(v) => setMax(Math.min(8, Math.max(1, Number(v) || 1)))}
            w={160}
            data-testid="best-max"
          />
          <NativeSelect
            label={t.rankLimit}
            value={rank}
            onChange={(e) => setRank(e.currentTarget.value)}
            data={[{ value: '', label: t.anyRank }, ...ranksInData.map((r) => ({ value: r, label: r }))]}
            w={180}
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap" gap="md">
          <MultiSelect
            label={t.requiredEffects}
            data={effectNames}
            value={required}
            onChange={setRequired}
            searchable
            clearable
            miw={220}
            data-testid="best-required"
          />
          <MultiSelect
            label={t.forbiddenEffects}
            data={effectNames}
            value={forbidden}
            onChange={setForbidden}
            searchable
            clearable
            miw={220}
          />
          <MultiSelect
            label={t.excludedIngredients}
            data={data.ingredients.map((i) => ({ value: i.id, label: i.name }))}
            value={excluded}
            onChange={setExcluded}
            searchable
            clearable
            miw={220}
          />
        </Group>
        <Group gap="sm">
          <Button
            leftSection={<IconWand size={16} aria-hidden="true" />}
            onClick={() => runBest()}
            loading={search.running === 'best'}
            data-testid="best-run"
          >
            {t.findBest}
          </Button>
          {search.running ? (
            <Button
              variant="default"
              leftSection={<IconPlayerStop size={16} aria-hidden="true" />}
              onClick={search.cancel}
              data-testid="search-cancel"
            >
              {t.cancel}
            </Button>
          ) : null}
        </Group>
        {search.running ? (
          <Stack gap={4}>
            <Text size="sm">{t.searching}</Text>
            <Progress value={Math.round(search.progress * 100)} aria-label={t.searchProgress} animated />
          </Stack>
        ) : null}
        <div aria-live="polite">
          {answer?.kind === 'cancelled' ? <Text>{t.searchCancelled}</Text> : null}
          {answer?.kind === 'error' ? <Text c="red">{answer.message}</Text> : null}
          {answer?.kind === 'best' ? (
            answer.result.best ? (
              <Stack gap="sm" data-testid="best-result">
                <FoundRow
                  found={answer.result.best}
                  data={data}
                  colours={colours}
                  onUse={onUse}
                  testId="best-found"
                />
                <Text size="xs" c="dimmed">
                  {t.statesSearched(answer.result.states)}
                </Text>
                {answer.result.runnersUp.length ? (
                  <>
                    <Title order={3} size="h5">
                      {t.runnersUp}
                    </Title>
                    {answer.result.runnersUp.map((r) => (
                      <FoundRow
                        key={r.mask}
                        found={r}
                        data={data}
                        colours={colours}
                        onUse={onUse}
                        testId="runner-up"
                      />
                    ))}
                  </>
                ) : null}
              </Stack>
            ) : (
              <Text>{t.noMixFound}</Text>
            )
          ) : null}
        </div>

        <Stack gap="sm" pt="sm">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {t.reverseSearch}
            </Title>
            <Text size="sm" c="dimmed">
              {t.reverseLead}
            </Text>
          </Stack>
          <Group align="flex-end" gap="md" wrap="wrap">
            <MultiSelect
              label={t.targetEffects}
              data={effectNames}
              value={target}
              onChange={setTarget}
              searchable
              clearable
              miw={260}
              style={{ flex: 1 }}
              data-testid="reach-target"
            />
            <Button
              variant="light"
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              disabled={target.length === 0}
              loading={search.running === 'reach'}
              onClick={() =>
                search.run({
                  kind: 'reach',
                  content,
                  productId: product.id,
                  target,
                  excluded: excludedIndexes(),
                })
              }
            >
              {t.findWay}
            </Button>
          </Group>
          {answer?.kind === 'reach' ? (
            answer.result ? (
              <FoundRow
                found={answer.result}
                data={data}
                colours={colours}
                onUse={onUse}
                testId="reach-found"
              />
            ) : (
              <Text>{t.noWay}</Text>
            )
          ) : null}
        </Stack>
      </Stack>
    </Card>
  );
}
