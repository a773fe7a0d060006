import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describeRegistry } from '@waypoint/shared/models/admin';
import type { AdminModel } from '@waypoint/shared/models/admin-view';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';
import { editingMessages } from '../../i18n/messages/editing-messages.ts';
import { fieldLabel } from '../../i18n/models.ts';
import { ModelForm } from './ModelForm.tsx';

const game = describeRegistry().find((m) => m.key === 'game') as AdminModel;

function renderForm(record: Record<string, unknown> | null) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queries}>
        <ModelForm model={game} record={record as never} idPrefix="game" />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The site's answers to the form's requests, and what it was sent. */
function answer(status: number, body: unknown) {
  const sent: { url: string; body: unknown }[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    sent.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

afterEach(() => vi.restoreAllMocks());

describe('the generic model form', () => {
  test('puts the problems the server names beside their fields', async () => {
    const sent = answer(400, {
      message: 'Validation failed',
      errors: [{ field: 'body._id', message: 'Must be at most 64 characters' }],
    });
    const screen = await renderForm(null);
    await screen.getByRole('button', { name: t.submit }).click();
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]!.url).toMatch(/\/api\/admin\/game$/);
    const id = screen.getByRole('textbox', { name: new RegExp(`^${fieldLabel('game', '_id')}`) });
    await expect.element(id).toHaveAttribute('aria-invalid', 'true');
    await expect.element(screen.getByText('Must be at most 64 characters')).toBeVisible();
    expect(screen.container.querySelector('[role="alert"]')).toBeNull();
  });

  test('an edit that changes nothing sends nothing and says so', async () => {
    const sent = answer(200, {});
    // A stored record as the site answers it: every field holds a value.
    const screen = await renderForm({
      _id: 'frontier_zone',
      name: 'Frontier Zone',
      description: '<p>Border country</p>',
      weight: 3,
      additionalFeatures: ['quests'],
      content: '',
      currency: '₽',
      voteThreshold: 5,
    });
    await screen.getByRole('button', { name: t.edit }).click();
    await expect.element(screen.getByRole('alert')).toHaveTextContent(editingMessages.nothingToSave);
    expect(sent).toEqual([]);
  });
});
