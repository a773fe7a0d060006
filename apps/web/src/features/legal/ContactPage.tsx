import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { config } from '../../app/config.ts';
import { withMantine } from '../../app/MantineShell.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';

/** Contact (SPEC §2.1): the support address from the configuration. */
export function ContactPage() {
  usePageMeta('Contact', 'How to reach the Waypoint team.');
  const email = config.supportEmail;
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>Contact</Title>
        <Text>
          Found a wrong marker, have a map to share, a question about your account or a data request? Write to
          us at{' '}
          <Anchor href={`mailto:${email}`} fw={600} underline="always">
            {email}
          </Anchor>
          .
        </Text>
        <Text c="dimmed">
          We read every message and usually answer within a few days. Requests about your personal data are
          answered within one month.
        </Text>
      </Stack>
    </Container>
  );
}

export const Component = withMantine(ContactPage);
