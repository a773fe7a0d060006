import {
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminModel } from '@waypoint/shared/models/admin-view';
import { modelAliases } from '@waypoint/shared/models/aliases';
import type { AdditionalFeature } from '@waypoint/shared/models/enums';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client.ts';
import { withMantine } from '../../app/MantineShell.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { AdminList } from './AdminList.tsx';
import classes from './admin.module.css';
import { type AdminRecord, useModels, useRecord } from './api.ts';
import { ImageWidget } from './ImageWidget.tsx';
import { ModelForm } from './ModelForm.tsx';
import { ProcessImage } from './ProcessImage.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';
import './kit-styles.ts';
import { contentLang } from '../../i18n/content.ts';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';
import { toolLabels } from '../../i18n/messages/messages.ts';
import { webhookMessages } from '../../i18n/messages/webhook-messages.ts';
import { listLabel, modelLabel } from '../../i18n/models.ts';
import { withElements } from '../../i18n/rich.tsx';

interface Crumb {
  model: AdminModel;
  id: string;
  label: string;
}

/** The records above this one, up the parent chain (game → category/map → placed marker …). */
function useParentChain(
  models: AdminModel[],
  model: AdminModel | undefined,
  record: AdminRecord | null | undefined,
) {
  return useQuery({
    queryKey: ['admin', 'chain', model?.key, record?._id],
    enabled: Boolean(model && record),
    queryFn: async () => {
      const chain: Crumb[] = [];
      let current = model;
      let values = record;
      for (let depth = 0; current?.parent && values && depth < 8; depth++) {
        const parentModel = models.find((m) => m.key === current?.parent?.model);
        const parentId = String(values[current.parent.field] ?? '');
        if (!parentModel || !parentId) break;
        const parent = await api
          .get<AdminRecord>(`/${parentModel.key}/${encodeURIComponent(parentId)}`)
          .catch(() => null);
        chain.unshift({ model: parentModel, id: parentId, label: String(parent?.name ?? parentId) });
        current = parentModel;
        values = parent;
      }
      return chain;
    },
  });
}

function AdminModelPage() {
  const { model: named = '', id = '' } = useParams();
  // `admin/itemId` is the item's admin path too (SPEC §3).
  const key: string = Object.hasOwn(modelAliases, named) ? modelAliases[named] : named;
  const models = useModels();
  const model = models.data?.find((m) => m.key === key);
  const record = useRecord(key, id);
  const chain = useParentChain(models.data ?? [], model, record.data);
  const [showInfo, setShowInfo] = useState(true);
  usePageMeta(model ? t.recordTitle(modelLabel(model), id) : t.title);

  if (models.isPending || record.isPending) return <Loader m="xl" aria-label={t.loading} />;
  if (!model) return <Text m="xl">{t.unknownModel(key)}</Text>;
  const current = record.data ?? null;
  const gameFeatures =
    model.key === 'game' && current ? ((current.additionalFeatures as string[] | undefined) ?? []) : [];
  const children = model.children
    .map((c) => ({ list: c, child: models.data?.find((m) => m.key === c.model) }))
    .filter((c): c is { list: typeof c.list; child: AdminModel } => Boolean(c.child));

  return (
    <div className={classes.page}>
      <nav aria-label={t.breadcrumbs}>
        <Breadcrumbs separator="›">
          <Anchor component={Link} to="/admin">
            {t.title}
          </Anchor>
          {(chain.data ?? []).map((c) => (
            <Anchor
              key={`${c.model.key}-${c.id}`}
              component={Link}
              to={`/admin/model/${c.model.key}/${encodeURIComponent(c.id)}`}
            >
              {withElements(t.crumb, modelLabel(c.model), <span lang={contentLang}>{c.label}</span>)}
            </Anchor>
          ))}
          <Text span>
            {withElements(
              t.crumb,
              modelLabel(model),
              <span lang={contentLang}>{String(current?.name ?? id)}</span>,
            )}
          </Text>
        </Breadcrumbs>
      </nav>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {current
            ? withElements(t.recordTitle, modelLabel(model), <span lang={contentLang}>{id}</span>)
            : t.newRecord(modelLabel(model))}
        </Title>
        <Button variant="default" size="xs" onClick={() => setShowInfo((v) => !v)}>
          {showInfo ? t.hideModelInfo : t.showModelInfo}
        </Button>
      </Group>
      {showInfo ? (
        <Paper withBorder p="md" radius="md">
          <ModelForm
            key={`${key}-${id}-${current ? 'edit' : 'create'}`}
            model={model}
            record={current}
            preset={{ _id: id }}
            idPrefix={`${key}-page`}
          />
        </Paper>
      ) : null}
      {current && model.imageFields.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="sm">
          {model.imageFields.map((field) => (
            <ImageWidget key={field} model={model.key} record={current} field={field} />
          ))}
          {model.key === 'map' || model.key === 'maplevel' ? (
            <ProcessImage map={current} model={model.key} />
          ) : null}
        </SimpleGrid>
      ) : null}
      {current && (children.length > 0 || gameFeatures.length > 0) ? (
        <Tabs
          defaultValue={children[0] ? `list:${children[0].list.as}` : `feature:${gameFeatures[0]}`}
          keepMounted={false}
        >
          <Tabs.List style={{ flexWrap: 'wrap' }}>
            {children.map(({ list }) => (
              <Tabs.Tab key={list.as} value={`list:${list.as}`}>
                {listLabel(model.key, list.as)}
              </Tabs.Tab>
            ))}
            {gameFeatures.map((feature) => (
              <Tabs.Tab key={feature} value={`feature:${feature}`}>
                {t.featureTab(toolLabels[feature as AdditionalFeature] ?? feature)}
              </Tabs.Tab>
            ))}
            {model.key === 'game' ? <Tabs.Tab value="webhooks">{webhookMessages.title}</Tabs.Tab> : null}
          </Tabs.List>
          {children.map(({ list, child }) => (
            <Tabs.Panel key={list.as} value={`list:${list.as}`} pt="md">
              <AdminList model={child} parent={{ model, id }} title={listLabel(model.key, list.as)} />
            </Tabs.Panel>
          ))}
          {gameFeatures.map((feature) => (
            <Tabs.Panel key={feature} value={`feature:${feature}`} pt="md">
              <Stack gap="xs">
                <Text>{t.featureText(feature)}</Text>
                <Anchor component={Link} to={`/game/${encodeURIComponent(id)}/tools/${feature}`}>
                  {t.openToolPage}
                </Anchor>
              </Stack>
            </Tabs.Panel>
          ))}
          {model.key === 'game' ? (
            <Tabs.Panel value="webhooks" pt="md">
              <WebhooksSection gameId={id} />
            </Tabs.Panel>
          ) : null}
        </Tabs>
      ) : null}
    </div>
  );
}

export const ModelPage = withMantine(AdminModelPage);
