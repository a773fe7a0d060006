import { DEFAULT_THEME, Stack, Text, Title } from '@mantine/core';
import { withMantine } from '../../app/MantineShell.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import classes from './admin.module.css';
import './kit-styles.ts';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';

const semantic = [
  'body',
  'text',
  'dimmed',
  'default',
  'default-hover',
  'default-border',
  'placeholder',
  'anchor',
  'error',
];

function Scheme({ scheme }: { scheme: 'light' | 'dark' }) {
  return (
    <section
      data-mantine-color-scheme={scheme}
      className={classes.schemePanel}
      aria-label={t.schemeLabels[scheme]}
    >
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t.schemeTitles[scheme]}
        </Title>
        <div className={classes.colorGrid} translate="no">
          {semantic.map((name) => (
            <div
              key={name}
              className={classes.colorCell}
              style={{ background: `var(--mantine-color-${name})` }}
            >
              <span
                style={{
                  background: 'var(--mantine-color-body)',
                  color: 'var(--mantine-color-text)',
                  padding: '0 4px',
                }}
              >
                {name}
              </span>
            </div>
          ))}
        </div>
        {Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => (
          <div key={name} translate="no">
            <Text size="sm" fw={600}>
              {name}
            </Text>
            <div className={classes.colorGrid}>
              {shades.map((shade, i) => (
                <div
                  key={shade}
                  className={classes.colorCell}
                  style={{ background: shade, color: i < 5 ? '#000' : '#fff' }}
                >
                  {`${name}.${i} ${shade}`}
                </div>
              ))}
            </div>
          </div>
        ))}
      </Stack>
    </section>
  );
}

/** The theme colour demo page (§2.1): every colour of the light and the dark theme. */
function ThemeColors() {
  usePageMeta(t.themeColours);
  return (
    <div className={classes.page}>
      <Title order={1}>{t.themeColours}</Title>
      <Scheme scheme="light" />
      <Scheme scheme="dark" />
    </div>
  );
}

const Page = withMantine(ThemeColors);
export function Component() {
  return <Page />;
}
