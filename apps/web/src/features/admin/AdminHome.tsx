import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { topLevelModels } from '@waypoint/shared/models/admin';
import { Link } from 'react-router';
import { withMantine } from '../../app/MantineShell.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { AdminList } from './AdminList.tsx';
import classes from './admin.module.css';
import { useModels } from './api.ts';
import './kit-styles.ts';

/** /admin (§2.13): the games list, the themes area, and every other top-level model of the registry. */
function AdminHomePage() {
  usePageMeta('Admin');
  const models = useModels();
  if (models.isPending) return <Loader m="xl" aria-label="Loading" />;
  if (!models.data) return <Text m="xl">Could not load the admin panel.</Text>;
  const lists = topLevelModels(models.data);
  return (
    <div className={classes.page}>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Admin</Title>
        <Group gap="md">
          <Anchor component={Link} to="/suggestion-review">
            Suggestion review
          </Anchor>
          <Anchor component={Link} to="/admin/imports">
            Imports
          </Anchor>
          <Anchor component={Link} to="/admin/theme-colors">
            Theme colours
          </Anchor>
        </Group>
      </Group>
      <Stack gap="xl">
        {lists.map((model) => (
          <section key={model.key} aria-label={`${model.label}s`}>
            <AdminList model={model} title={model.key === 'theme' ? 'Themes' : undefined} />
          </section>
        ))}
      </Stack>
    </div>
  );
}

export const AdminHome = withMantine(AdminHomePage);
