import { Anchor, Button, Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { config } from '../../app/config.ts';
import { withMantine } from '../../app/MantineShell.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { legalMessages } from '../../i18n/messages/legal-messages.ts';
import { withElements } from '../../i18n/rich.tsx';
import { openConsentDialog } from '../consent/consent.ts';

function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" id={id} aria-labelledby={id ? `${id}-title` : undefined}>
      <Title order={2} fz="h3" id={id ? `${id}-title` : undefined}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Privacy policy (SPEC §2.1). */
export function PrivacyPage() {
  const p = legalMessages.privacy;
  usePageMeta(p.title, p.description);
  const email = config.supportEmail;
  const mail = (
    <Anchor href={`mailto:${email}`} underline="always" translate="no">
      {email}
    </Anchor>
  );
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <div>
          <Title order={1}>{p.title}</Title>
          <Text c="dimmed" mt={4}>
            {p.lead}
          </Text>
        </div>

        <Section id="controller" title={p.controllerTitle}>
          <Text>{withElements(p.controller, mail)}</Text>
        </Section>

        <Section id="data" title={p.dataTitle}>
          <List spacing="xs">
            {p.data.map((item) => (
              <List.Item key={item.title}>{withElements(item.text, <b>{item.title}</b>)}</List.Item>
            ))}
          </List>
        </Section>

        <Section id="cookies" title={p.cookiesTitle}>
          <Text>{withElements(p.cookiesNecessary, <code translate="no">waypoint-cookie</code>)}</Text>
          <Text>{p.cookiesConsent}</Text>
          <div>
            <Button variant="light" onClick={() => openConsentDialog()}>
              {p.changeConsent}
            </Button>
          </div>
        </Section>

        <Section id="analytics" title={p.analyticsTitle}>
          <Text>{p.analytics}</Text>
        </Section>

        <Section id="ads" title={p.adsTitle}>
          <Text>{p.ads}</Text>
          <Text>
            <b>{p.hashedEmailTitle}</b> {withElements(p.hashedEmail, mail)}
          </Text>
        </Section>

        <Section id="sharing" title={p.sharingTitle}>
          <Text>{p.sharing}</Text>
        </Section>

        <Section id="retention" title={p.retentionTitle}>
          <Text>{p.retention}</Text>
        </Section>

        <Section id="gdpr" title={p.gdprTitle}>
          <Text>{p.gdpr}</Text>
        </Section>

        <Section id="ccpa" title={p.ccpaTitle}>
          <Text>{withElements(p.ccpa, mail)}</Text>
        </Section>

        <Section id="requests" title={p.requestsTitle}>
          <Text>{withElements(p.requests, mail)}</Text>
        </Section>

        <Section id="children" title={p.childrenTitle}>
          <Text>{p.children}</Text>
        </Section>

        <Section id="accessibility" title={p.accessibilityTitle}>
          <Text>{withElements(p.accessibility, mail)}</Text>
        </Section>

        <Section id="changes" title={p.changesTitle}>
          <Text>{p.changes}</Text>
        </Section>
      </Stack>
    </Container>
  );
}

export const Component = withMantine(PrivacyPage);
