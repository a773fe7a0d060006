import { ActionIcon, Button, Card, Container, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconLink, IconTrash, IconX } from '@tabler/icons-react';
import { type MixingData, type MixProduct, mix } from '@waypoint/shared/domain/mixing';
import { calculatorQuery, parseCalculatorLink } from '@waypoint/shared/domain/schedule-tools';
import type { TGame } from '@waypoint/shared/models/types';
import type { MixingContent } from '@waypoint/shared/schedule-one/api';
import { type DragEvent, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { withMantine } from '../../../app/MantineShell.tsx';
import { copyText } from '../../../components/clipboard.ts';
import { toast } from '../../../components/toast.ts';
import { toolLabels } from '../../../i18n/messages/messages.ts';
import { mixingMessages as t } from '../../../i18n/messages/mixing-messages.ts';
import '../kit-styles.ts';
import './styles.ts';
import { contentLang } from '../../../i18n/content.ts';
import { BestMixPanel } from './BestMixPanel.tsx';
import { useEffectColours } from './data.ts';
import { EffectChip, EffectChips } from './EffectChip.tsx';
import { MyRecipes } from './MyRecipes.tsx';
import { ScheduleToolPage } from './ScheduleToolPage.tsx';
import classes from './schedule.module.css';

const DRAG_TYPE = 'application/x-waypoint-ingredient';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className={classes.figure}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <span className={classes.figureValue} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

function Calculator({ game, content, data }: { game: TGame; content: MixingContent; data: MixingData }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const colours = useEffectColours(content);
  const link = useMemo(() => parseCalculatorLink(data, params), [data, params]);
  const product: MixProduct = link.product ?? data.products[0]!;
  const steps = link.ingredients;
  const result = useMemo(() => mix(data, product, steps), [data, product, steps]);
  const [dropping, setDropping] = useState(false);

  /** Every change is a new history entry, so back and forward walk through the mix. */
  const go = (next: MixProduct, ingredients: readonly number[]) =>
    navigate({ search: `?${calculatorQuery(data, next, ingredients)}` });
  const add = (i: number) => go(product, [...steps, i]);
  const move = (at: number, by: number) => {
    const next = [...steps];
    const [it] = next.splice(at, 1);
    next.splice(at + by, 0, it!);
    go(product, next);
  };
  const removeAt = (at: number) =>
    go(
      product,
      steps.filter((_, k) => k !== at),
    );

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDropping(false);
    const raw = event.dataTransfer.getData(DRAG_TYPE);
    const i = Number.parseInt(raw, 10);
    if (Number.isInteger(i) && data.ingredients[i]) add(i);
  };

  const copyLink = async () => {
    const url = `${window.location.origin}${window.location.pathname}?${calculatorQuery(data, product, steps)}`;
    // Where nothing can be copied, the link shows for the player to copy by hand.
    if (await copyText(url)) toast.success(t.linkCopied);
    else toast.info(url);
  };

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{toolLabels.schedule_I_mixing_calculator}</Title>
          <Text c="dimmed">
            <span lang={contentLang}>{game.name}</span> · {t.calculatorLead}
          </Text>
        </Stack>
        {link.unknown.length > 0 ? (
          <Text role="status" c="orange">
            {t.unknownInLink(link.unknown.join(', '))}
          </Text>
        ) : null}
        <div className={classes.layout}>
          <Stack gap="md">
            <NativeSelect
              label={t.product}
              value={product.id}
              onChange={(e) => {
                const next = data.products.find((p) => p.id === e.currentTarget.value);
                if (next) go(next, steps);
              }}
              data={data.products.map((p) => ({ value: p.id, label: `${p.name} ($${p.basePrice})` }))}
              data-testid="product-select"
            />
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                {t.baseEffects}:
              </Text>
              {product.baseEffects.length ? (
                <EffectChips effects={product.baseEffects} colours={colours} size="sm" />
              ) : (
                <Text size="sm">–</Text>
              )}
            </Group>
            <Stack gap={6}>
              <Title order={2} size="h4">
                {t.ingredients}
              </Title>
              <Text size="sm" c="dimmed">
                {t.ingredientsHint}
              </Text>
              <div className={classes.palette} data-testid="ingredient-palette">
                {data.ingredients.map((ing, i) => (
                  <button
                    key={ing.id}
                    type="button"
                    className={classes.ingredient}
                    draggable
                    onDragStart={(e) => {
                      e.dataTransfer.setData(DRAG_TYPE, String(i));
                      e.dataTransfer.effectAllowed = 'copy';
                    }}
                    onClick={() => add(i)}
                    title={t.addIngredient(ing.name)}
                    data-testid={`ingredient-${ing.id}`}
                  >
                    <span className={classes.ingredientName}>
                      <span lang={contentLang}>{ing.name}</span>
                      <span>{t.price(ing.price)}</span>
                    </span>
                    <EffectChip
                      name={ing.baseEffect}
                      colour={colours.get(ing.baseEffect.toLowerCase())}
                      size="sm"
                    />
                  </button>
                ))}
              </div>
            </Stack>
            {/* Phones: the result stays in sight at the bottom of the screen while the player picks
                ingredients (the full result card comes after the list). A copy of the card's figures,
                hidden from screen readers, which hear the card's live region. */}
            <div className={classes.stickySummary} data-testid="mix-summary" aria-hidden="true">
              <div className={classes.stickyFigures}>
                <span>
                  {t.sellPrice} <strong data-testid="mix-summary-price">{t.price(result.price)}</strong>
                </span>
                <span>
                  {t.profit} <strong data-testid="mix-summary-profit">{t.price(result.profit)}</strong>
                </span>
              </div>
              {result.effects.length ? (
                <EffectChips effects={result.effects} colours={colours} size="sm" />
              ) : (
                <Text size="sm">–</Text>
              )}
            </div>
          </Stack>

          <Stack gap="md">
            <Card withBorder padding="md">
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap">
                  <Title order={2} size="h4" lang={contentLang}>
                    {result.product}
                  </Title>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconLink size={14} aria-hidden="true" />}
                      onClick={copyLink}
                    >
                      {t.copyLink}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="gray"
                      leftSection={<IconTrash size={14} aria-hidden="true" />}
                      onClick={() => go(product, [])}
                      disabled={steps.length === 0}
                    >
                      {t.clearMix}
                    </Button>
                  </Group>
                </Group>
                <div aria-live="polite" data-testid="mix-effects">
                  {result.effects.length ? (
                    <EffectChips effects={result.effects} colours={colours} />
                  ) : (
                    <Text size="sm">–</Text>
                  )}
                </div>
                <div className={classes.figures}>
                  <Figure label={t.sellPrice} value={t.price(result.price)} testId="mix-price" />
                  <Figure label={t.cost} value={t.price(result.cost)} testId="mix-cost" />
                  <Figure label={t.profit} value={t.price(result.profit)} testId="mix-profit" />
                  <Figure label={t.markup} value={t.percent(result.markup)} testId="mix-markup" />
                </div>
              </Stack>
            </Card>

            <Stack gap={6}>
              <Title order={2} size="h4">
                {t.mixSteps}
              </Title>
              <ol
                className={dropping ? `${classes.steps} ${classes.dropActive}` : classes.steps}
                onDragOver={(e) => {
                  if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
                  e.preventDefault();
                  setDropping(true);
                }}
                onDragLeave={() => setDropping(false)}
                onDrop={onDrop}
                aria-label={t.mixSteps}
                data-testid="mix-steps"
              >
                {result.steps.length === 0 ? (
                  <li className={classes.change}>{t.noSteps}</li>
                ) : (
                  result.steps.map((step, at) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a step is its position in the mix
                    <li key={at} className={classes.step} data-testid="mix-step">
                      <span className={classes.stepNumber} aria-hidden="true">
                        {at + 1}
                      </span>
                      <Stack gap={4}>
                        <Group gap="xs" justify="space-between">
                          <Text fw={600}>{step.ingredient}</Text>
                          <Text size="sm" fw={600}>
                            {t.price(step.price)}
                          </Text>
                        </Group>
                        <span className={classes.change}>
                          {step.replaced.map((r) => t.replaced(r.from, r.to)).join(' · ')}
                          {step.replaced.length && step.added ? ' · ' : ''}
                          {step.added
                            ? t.added(step.added)
                            : step.replaced.length
                              ? ''
                              : step.effects.length >= 8
                                ? t.capReached
                                : t.nothingChanged}
                        </span>
                        <EffectChips effects={step.effects} colours={colours} size="sm" />
                      </Stack>
                      <div className={classes.stepActions}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={t.moveUp(step.ingredient)}
                          disabled={at === 0}
                          onClick={() => move(at, -1)}
                        >
                          <IconArrowUp size={16} aria-hidden="true" />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={t.moveDown(step.ingredient)}
                          disabled={at === steps.length - 1}
                          onClick={() => move(at, 1)}
                        >
                          <IconArrowDown size={16} aria-hidden="true" />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t.removeStep(step.ingredient)}
                          onClick={() => removeAt(at)}
                        >
                          <IconX size={16} aria-hidden="true" />
                        </ActionIcon>
                      </div>
                    </li>
                  ))
                )}
              </ol>
            </Stack>
            <MyRecipes gameId={game._id} data={data} product={product} steps={steps} onOpen={go} />
          </Stack>
        </div>
        <BestMixPanel
          content={content}
          data={data}
          product={product}
          colours={colours}
          autoRun={link.optimize ? { objective: link.optimize, max: link.max } : null}
          onUse={(ingredients) => go(product, ingredients)}
        />
      </Stack>
    </Container>
  );
}

/** Mixing calculator /game/{gameId}/tools/schedule_I_mixing_calculator. */
export function MixingCalculatorPage() {
  return (
    <ScheduleToolPage feature="schedule_I_mixing_calculator">
      {({ game, content, mixing }) =>
        !mixing ? null : mixing.products.length === 0 ? (
          <Container size="lg" py="xl">
            <Text>{t.noRecipesMatch}</Text>
          </Container>
        ) : (
          <Calculator game={game} content={content} data={mixing} />
        )
      }
    </ScheduleToolPage>
  );
}

export const Component = withMantine(MixingCalculatorPage);
