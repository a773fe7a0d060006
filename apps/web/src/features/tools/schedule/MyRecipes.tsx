import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconSend, IconTrash } from '@tabler/icons-react';
import { type MixingData, type MixProduct, mix } from '@waypoint/shared/domain/mixing';
import { useState } from 'react';
import { HttpError } from '../../../api/client.ts';
import { toast } from '../../../components/toast.ts';
import { messages } from '../../../i18n/messages/messages.ts';
import { mixingMessages as t } from '../../../i18n/messages/mixing-messages.ts';
import { LoginPrompt } from '../common.tsx';
import { useSavedRecipes } from './data.ts';

const errorText = (error: unknown) =>
  error instanceof HttpError && error.body?.message ? error.body.message : messages.genericError;

/** "My recipes": the logged-in player's saved mixes; each opens in the calculator or is published. */
export function MyRecipes({
  gameId,
  data,
  product,
  steps,
  onOpen,
}: {
  gameId: string;
  data: MixingData;
  product: MixProduct;
  steps: readonly number[];
  onOpen: (product: MixProduct, ingredients: number[]) => void;
}) {
  const { session, list, save, remove, publish } = useSavedRecipes(gameId);
  const [name, setName] = useState('');
  if (!session) {
    return (
      <Card withBorder padding="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t.myRecipes}
          </Title>
          <LoginPrompt />
        </Stack>
      </Card>
    );
  }
  const ids = steps.map((i) => data.ingredients[i]!.id);
  const recipes = list.data?.recipes ?? [];
  return (
    <Card withBorder padding="md" data-testid="my-recipes">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t.myRecipes}
        </Title>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const recipe = {
              name: name.trim() || `${product.name} ${steps.length}`,
              productId: product.id,
              ingredients: ids,
            };
            save.mutate(recipe, {
              onSuccess: () => {
                toast.success(t.recipeSaved);
                setName('');
              },
              onError: (error) => toast.error(errorText(error)),
            });
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t.recipeName}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={100}
              style={{ flex: 1 }}
              data-testid="recipe-name"
            />
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
              loading={save.isPending}
            >
              {t.saveRecipe}
            </Button>
          </Group>
        </form>
        {recipes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noSavedRecipes}
          </Text>
        ) : (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {recipes.map((r) => {
              const p = data.products.find((x) => x.id === r.productId);
              const indexes = r.ingredients.map((id) => data.ingredients.findIndex((i) => i.id === id));
              const valid = p && indexes.every((i) => i >= 0);
              const figures = valid ? mix(data, p, indexes) : null;
              return (
                <Group
                  key={r.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  gap="xs"
                  data-testid="saved-recipe"
                >
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {r.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {p?.name ?? r.productId} ·{' '}
                      {figures ? `${t.price(figures.price)} · ${t.profit} ${t.price(figures.profit)}` : ''}
                    </Text>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      disabled={!valid}
                      onClick={() => p && onOpen(p, indexes)}
                    >
                      {t.open}
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t.publish}: ${r.name}`}
                      onClick={() =>
                        publish.mutate(
                          {
                            name: r.name,
                            productId: r.productId,
                            ingredients: r.ingredients,
                            authorName: session.username,
                          },
                          {
                            onSuccess: () => toast.success(t.published),
                            onError: (error) => toast.error(errorText(error)),
                          },
                        )
                      }
                    >
                      <IconSend size={16} aria-hidden="true" />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t.delete}: ${r.name}`}
                      onClick={() => remove.mutate(r.id, { onSuccess: () => toast.success(t.recipeDeleted) })}
                    >
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
