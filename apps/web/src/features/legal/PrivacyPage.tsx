import { Anchor, Button, Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { config } from '../../app/config.ts';
import { withMantine } from '../../app/MantineShell.tsx';
import { usePageMeta } from '../../components/usePageMeta.ts';
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
  usePageMeta(
    'Privacy policy',
    'How Waypoint handles your data: cookies, analytics, advertising and your rights.',
  );
  const email = config.supportEmail;
  const mail = (
    <Anchor href={`mailto:${email}`} underline="always">
      {email}
    </Anchor>
  );
  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <div>
          <Title order={1}>Privacy policy</Title>
          <Text c="dimmed" mt={4}>
            This policy explains what data Waypoint collects when you browse maps, track your progress or
            suggest content, why, who receives it and which rights you have.
          </Text>
        </div>

        <Section id="controller" title="Who we are">
          <Text>
            Waypoint is an interactive game-map website. The operator of this site is responsible for the
            processing described here. You reach us for every privacy question at {mail}.
          </Text>
        </Section>

        <Section id="data" title="What we collect">
          <List spacing="xs">
            <List.Item>
              <b>Account data</b> when you register: user name, e-mail address and a salted hash of your
              password (we never store the password itself).
            </List.Item>
            <List.Item>
              <b>Progress data</b> you choose to track: completed quests, player level, items to keep and
              completed map markers.
            </List.Item>
            <List.Item>
              <b>Contributions</b>: suggestions, comments and votes, stored with your user name.
            </List.Item>
            <List.Item>
              <b>Technical data</b> every web server receives: IP address, browser type, requested pages and
              time. Server logs are kept for at most 14 days to keep the service secure.
            </List.Item>
            <List.Item>
              <b>Usage and advertising data</b> through analytics and advertising partners, only with your
              consent (see below).
            </List.Item>
          </List>
        </Section>

        <Section id="cookies" title="Cookies and local storage">
          <Text>
            Necessary storage is always used: the cookie <code>waypoint-cookie</code> keeps you signed in, and
            your browser's local storage remembers your colour scheme, a random guest name and your consent
            choice. These contain no tracking identifiers.
          </Text>
          <Text>
            Analytics and advertising cookies are only set after you allow them in the consent dialog. You can
            change your choice at any time with the Consent link in the navigation bar or the footer.
          </Text>
          <div>
            <Button variant="light" onClick={() => openConsentDialog()}>
              Change consent
            </Button>
          </div>
        </Section>

        <Section id="analytics" title="Analytics and error reports">
          <Text>
            With your consent we measure which pages are visited, how long they take to load and which errors
            occur, to improve the maps and fix problems. Analytics data is aggregated and not used to identify
            you. Error reports contain the page address, browser version and the technical error, never your
            password.
          </Text>
        </Section>

        <Section id="ads" title="Advertising">
          <Text>
            Ads pay for the hosting and the maps. With your consent, our advertising partners may use cookies
            and similar technologies to show ads that match your interests and to measure them. Without
            consent you see non-personalised ads only.
          </Text>
          <Text>
            <b>Hashed e-mail address.</b> If you are logged in and have allowed advertising, we may share a
            one-way hash (SHA-256) of your e-mail address with advertising partners so that they can match ads
            to you across sites and devices. The hash is not your address in plain text, but it is personal
            data. You can opt out at any time: choose "Only necessary" in the consent dialog, or write to{' '}
            {mail}, and we stop sharing it.
          </Text>
        </Section>

        <Section id="sharing" title="Who receives your data">
          <Text>
            We do not sell your personal data for money. Data is shared only with service providers that run
            the site for us (hosting, e-mail delivery, analytics, error reporting and advertising partners),
            each bound to use it only for that purpose, and with authorities when the law requires it.
            Suggestions you make are visible to the admins who review them, with your user name.
          </Text>
        </Section>

        <Section id="retention" title="How long we keep data">
          <Text>
            Account, progress and contribution data is kept while your account exists. When you ask us to
            delete your account, we delete it within one month; accepted contributions stay on the maps
            without your name.
          </Text>
        </Section>

        <Section id="gdpr" title="Your rights under the GDPR (EU, EEA and UK)">
          <Text>
            We process account and progress data to provide the service you asked for (Art. 6(1)(b) GDPR),
            analytics and personalised advertising only with your consent (Art. 6(1)(a)), and server logs for
            security (legitimate interest, Art. 6(1)(f)). You have the right to access, correct, delete and
            export your data, to restrict or object to processing and to withdraw consent at any time without
            affecting earlier processing. You may also complain to your data protection authority.
          </Text>
        </Section>

        <Section id="ccpa" title="Your rights under the CCPA (California)">
          <Text>
            California residents may ask which categories and pieces of personal information we collected, ask
            us to delete it, correct it, and opt out of the sale or sharing of personal information for
            cross-context behavioural advertising, including the sharing of the hashed e-mail address. Use the
            consent dialog ("Only necessary") or write to {mail}. We do not discriminate against you for using
            these rights.
          </Text>
        </Section>

        <Section id="requests" title="Data requests">
          <Text>
            Send access, deletion, correction or opt-out requests to {mail} from the e-mail address of your
            account. We answer within one month.
          </Text>
        </Section>

        <Section id="children" title="Children">
          <Text>
            Waypoint is not directed at children under 13, and we do not knowingly collect data from children
            under 13. If you believe a child under 13 has given us personal data, contact us and we will
            delete it.
          </Text>
        </Section>

        <Section id="accessibility" title="Accessibility">
          <Text>
            We want every player to be able to use Waypoint: pages work with the keyboard, have text
            alternatives and are tested with automated accessibility checks, in light and dark mode. If
            something is hard to use for you, tell us at {mail}.
          </Text>
        </Section>

        <Section id="changes" title="Changes to this policy">
          <Text>
            When this policy changes we update this page and, for important changes, ask for your consent
            again. Last updated: November 2026.
          </Text>
        </Section>
      </Stack>
    </Container>
  );
}

export const Component = withMantine(PrivacyPage);
