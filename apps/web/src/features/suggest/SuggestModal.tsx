import { Button, Modal, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { constants } from '@waypoint/shared/constants';
import {
  type ContentSuggestionType,
  suggestAnythingOptions,
} from '@waypoint/shared/suggestions/content-form';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../api/session.ts';
import { MantineShell } from '../../app/MantineShell.tsx';
import { messages } from '../../i18n/messages/messages.ts';
import { suggestMessages } from '../../i18n/messages/suggest-messages.ts';
import { useBanNotice } from '../community/standing.ts';
import { closeSuggestModal, type SuggestPreset } from './open.ts';
import { SuggestForm } from './SuggestForm.tsx';
import './kit-styles.ts';

function LoginPrompt() {
  const { pathname, search } = useLocation();
  return (
    <Stack gap="md" data-testid="suggest-login">
      <Text>{suggestMessages.suggestLoginPrompt}</Text>
      <Button
        component={Link}
        to={`/login?nextUrl=${encodeURIComponent(pathname + search)}`}
        onClick={closeSuggestModal}
        data-autofocus
      >
        {suggestMessages.login}
      </Button>
    </Stack>
  );
}

/** The suggest-anything modal (§2.7): New game, Map for game, Category for game, New quest; or a marker category. */
function SuggestDialog({ preset }: { preset: SuggestPreset }) {
  const session = useSession();
  const [type, setType] = useState<ContentSuggestionType>(preset.type);
  const phone = useMediaQuery(`(max-width: ${constants.mobileMaxWidthPx}px)`, false, {
    getInitialValueInEffect: false,
  });
  const { pathname } = useLocation();
  const openedAt = useRef(pathname);
  // Leaving the page (a link, a 401 sending to the login) closes the modal.
  useEffect(() => {
    if (pathname !== openedAt.current) closeSuggestModal();
  }, [pathname]);

  // A user banned from suggesting (in this game or site-wide) reads why instead of the form.
  const ban = useBanNotice(session ? (preset.gameId ?? '') : undefined);
  const markerCategory = preset.type === 'MARKER_DEFINITION';
  const initial = { gameId: preset.gameId ?? '', categoryId: preset.categoryId ?? '' };

  return (
    <Modal
      opened
      onClose={closeSuggestModal}
      title={markerCategory ? messages.suggestNewCategory : suggestMessages.suggestTitle}
      fullScreen={phone}
      size="lg"
      centered
      // Above the map's sidebars (500), below the toasts (1000).
      zIndex={700}
      closeButtonProps={{ 'aria-label': messages.close }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {!session ? (
        <LoginPrompt />
      ) : ban ? (
        <Stack gap="md">
          <Text role="alert" data-testid="ban-notice">
            {ban}
          </Text>
          <Button variant="default" onClick={closeSuggestModal} data-autofocus>
            {messages.close}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          {markerCategory ? null : (
            <Radio.Group
              label={suggestMessages.suggestWhat}
              value={type}
              onChange={(value) => setType(value as ContentSuggestionType)}
            >
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="xs">
                {suggestAnythingOptions.map((option) => (
                  <Radio key={option} value={option} label={suggestMessages.suggestOptions[option]} />
                ))}
              </SimpleGrid>
            </Radio.Group>
          )}
          <SuggestForm
            type={type}
            initial={initial}
            onDone={closeSuggestModal}
            onCancel={closeSuggestModal}
          />
        </Stack>
      )}
    </Modal>
  );
}

export function SuggestModal({ preset }: { preset: SuggestPreset }) {
  return (
    <MantineShell>
      <SuggestDialog preset={preset} />
    </MantineShell>
  );
}
