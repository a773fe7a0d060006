import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { config } from '../../app/config.ts';
import { withMantine } from '../../app/MantineShell.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { legalMessages } from '../../i18n/messages/legal-messages.ts';
import { withElements } from '../../i18n/rich.tsx';

/** Contact (SPEC §2.1): the support address from the configuration. */
export function ContactPage() {
  const c = legalMessages.contact;
  usePageMeta(c.title, c.description);
  const email = config.supportEmail;
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{c.title}</Title>
        <Text>
          {withElements(
            c.text,
            <Anchor href={`mailto:${email}`} fw={600} underline="always" translate="no">
              {email}
            </Anchor>,
          )}
        </Text>
        <Text c="dimmed">{c.answers}</Text>
      </Stack>
    </Container>
  );
}

export const Component = withMantine(ContactPage);
