import {
  isOpenSuggestion,
  type ModelKey,
  type SuggestionDecision,
  type SuggestionDecisionAnswer,
  serverMessages,
} from '@waypoint/shared';
import { inTransaction } from '../../../db/database.ts';
import type { ModelRecord } from '../../../db/rows.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { recordAuditMany } from '../../audit/audit.ts';
import { ensureModerates } from '../../auth/policy.ts';
import { gamesOfSuggestions } from '../../community/community.repository.ts';
import { publishGameEvents } from '../../community/game-events.ts';
import { BatchItemError } from '../../models/models.service.ts';
import type { GameEvent } from '../../webhooks/webhook-events.ts';
import {
  findSuggestions,
  findUserByName,
  openSuggestionIds,
  type SuggestionRecord,
  updateSuggestions,
} from '../suggestions.repository.ts';
import { applySuggestion } from './apply-suggestion.ts';
import { attachStagedImages } from './attach-images.ts';
import {
  aboutSuggestion,
  auditActor,
  type ImageProblem,
  modelOfType,
  type SuggestionActor,
  type SuggestionDeps,
} from './common.ts';
import { discardStagedImages } from './stage-images.ts';

/** New elements are created parents' types first, so a batch may hold a map and its markers. */
const addOrder = ['GAME', 'CATEGORY', 'MAP', 'MARKER_DEFINITION', 'QUEST', 'ITEM', 'PLACED_MARKER'];

/**
 * Sets the status of many open suggestions, all or none; ACCEPTED applies each first. New
 * elements of one type are created in one batch through the writer (parents' types first), the
 * others are applied one by one in the order given; statuses and audit rows are written a few
 * hundred per statement, so thousands of decisions stay one short transaction.
 */
export async function decideSuggestions(
  deps: SuggestionDeps,
  ids: string[],
  status: 'ACCEPTED' | 'REJECTED',
  user: SuggestionActor,
  /** What the reviewer tells the authors (their notifications carry it). */
  reason = '',
) {
  const { db, writer } = deps;
  const unique = [...new Set(ids)];
  const actor = auditActor(user);
  const decided = await inTransaction(db, async (trx) => {
    const found = await findSuggestions(trx, unique, { lock: true, dialect: db.dialect });
    const list = unique.map((id) => {
      const suggestion = found.get(id);
      if (!suggestion) throw aboutSuggestion(id, notFound(serverMessages.notFound('Suggestion', id)));
      if (!isOpenSuggestion(suggestion.status)) {
        throw aboutSuggestion(id, conflict(`This suggestion is already ${suggestion.status.toLowerCase()}`));
      }
      return suggestion;
    });
    if (status === 'ACCEPTED') {
      const adds = new Map<string, SuggestionRecord[]>();
      for (const s of list) {
        if (s.action !== 'ADD') continue;
        const group = adds.get(s.type);
        if (group) group.push(s);
        else adds.set(s.type, [s]);
      }
      // Types the order does not name come last.
      const rank = (type: string) => (addOrder.includes(type) ? addOrder.indexOf(type) : addOrder.length);
      for (const [type, group] of [...adds].sort(([a], [b]) => rank(a) - rank(b))) {
        const inputs = group.map((s) => JSON.parse(s.data || '{}') as ModelRecord);
        try {
          await writer.createMany(modelOfType(type).key as ModelKey, inputs, actor, { trx });
        } catch (error) {
          if (error instanceof BatchItemError) throw aboutSuggestion(group[error.index]!._id, error.cause);
          throw error;
        }
      }
      for (const s of list) {
        if (s.action === 'ADD') continue;
        try {
          await applySuggestion(deps, trx, s, actor);
        } catch (error) {
          throw aboutSuggestion(s._id, error);
        }
      }
    }
    await updateSuggestions(trx, unique, { status });
    const out = list.map((s) => ({ ...s, status }));
    const action = status === 'ACCEPTED' ? 'accept' : 'reject';
    await recordAuditMany(
      trx,
      list.map((before, i) => ({
        actor,
        model: 'suggestion',
        recordId: before._id,
        action,
        before,
        after: out[i],
      })),
    );
    const games = await gamesOfSuggestions(trx, list);
    const events: GameEvent[] = [];
    for (const s of list) {
      const gameId = games.get(s._id);
      if (!gameId) continue;
      events.push({
        gameId,
        event: 'suggestion.decided',
        data: {
          suggestionId: s._id,
          status,
          type: s.type,
          action: s.action,
          targetId: s.targetId,
          username: s.username,
          decidedBy: user.username,
          ...(reason ? { reason } : {}),
        },
      });
    }
    await publishGameEvents(trx, events);
    return out;
  });
  // Changes made inside this transaction are announced now that they are committed.
  deps.invalidate();
  const imageProblems: ImageProblem[] = [];
  for (const s of decided) {
    if (status === 'REJECTED' || s.action === 'DELETE') {
      await discardStagedImages(deps, s.images);
      continue;
    }
    // The images were fetched and processed when suggested: the accept only moves them.
    const urls = s.imageUrls?.length ? s.imageUrls : s.imageUrl ? [s.imageUrl] : [];
    imageProblems.push(
      ...(await attachStagedImages(deps, modelOfType(s.type).key, s.targetId, s.images, urls, actor, s._id)),
    );
  }
  return { decided, imageProblems };
}

/**
 * The one decision use case behind `POST /api/admin/suggestions/accept|reject`: the suggestions named
 * by id, or every open one of a user and/or a parent (and type), all or none, in one answer shape.
 */
export async function decide(
  deps: SuggestionDeps,
  body: SuggestionDecision,
  decision: 'accept' | 'reject',
  user: SuggestionActor,
): Promise<SuggestionDecisionAnswer> {
  let ids = body.suggestionIds;
  if (!ids) {
    let userId: string | undefined;
    if (body.username !== undefined) {
      const author = await findUserByName(deps.db.kysely, body.username);
      if (!author) throw notFound(serverMessages.notFound('User', body.username));
      userId = author.id;
    }
    ids = await openSuggestionIds(deps.db.kysely, {
      userId,
      parentId: body.parentId,
      type: body.type,
      gameId: body.gameId,
    });
  } else if (!user.admin) {
    // A moderator decides only suggestions of the games they moderate.
    const found = await findSuggestions(deps.db.kysely, [...new Set(ids)]);
    const games = await gamesOfSuggestions(deps.db.kysely, [...found.values()]);
    for (const [id, gameId] of games) ensureModerates(user, gameId, id);
  }
  if (ids.length === 0) return { accepted: 0, rejected: 0, suggestions: [], imageProblems: [] };
  const { decided, imageProblems } = await decideSuggestions(
    deps,
    ids,
    decision === 'accept' ? 'ACCEPTED' : 'REJECTED',
    user,
    body.reason ?? '',
  );
  return {
    accepted: decision === 'accept' ? decided.length : 0,
    rejected: decision === 'reject' ? decided.length : 0,
    suggestions: decided,
    imageProblems,
  };
}
