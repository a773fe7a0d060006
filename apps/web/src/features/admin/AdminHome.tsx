import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { topLevelModels } from '@waypoint/shared/models/admin-view';
import { Link } from 'react-router';
import { withMantine } from '../../app/MantineShell.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { communityMessages as c } from '../../i18n/messages/community-messages.ts';
import { AdminList } from './AdminList.tsx';
import classes from './admin.module.css';
import { useModels } from './api.ts';
import './kit-styles.ts';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';
import { modelPlural } from '../../i18n/models.ts';

/** /admin (§2.13): the games list, the themes area, and every other top-level model of the registry. */
function AdminHomePage() {
  usePageMeta(t.title);
  const models = useModels();
  if (models.isPending) return <Loader m="xl" aria-label={t.loading} />;
  if (!models.data) return <Text m="xl">{t.loadFailed}</Text>;
  const lists = topLevelModels(models.data);
  return (
    <div className={classes.page}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t.title}</Title>
        <Group gap="md">
          <Anchor component={Link} to="/suggestion-review">
            {t.suggestionReview}
          </Anchor>
          <Anchor component={Link} to="/admin/users">
            {c.usersTitle}
          </Anchor>
          <Anchor component={Link} to="/admin/imports">
            {t.imports}
          </Anchor>
          <Anchor component={Link} to="/admin/theme-colors">
            {t.themeColours}
          </Anchor>
        </Group>
      </Group>
      <Stack gap="xl">
        {lists.map((model) => (
          <section key={model.key} aria-label={modelPlural(model)}>
            <AdminList model={model} />
          </section>
        ))}
      </Stack>
    </div>
  );
}

export const AdminHome = withMantine(AdminHomePage);
